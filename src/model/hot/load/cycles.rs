//! Nesting loops and chains deeper than the limit, found in one walk over the nesting edges.

use super::super::set::{FileId, NestingProblem};
use super::Loader;

impl Loader<'_> {
    /// Finds nesting loops and chains deeper than the limit in time linear in the number of
    /// nesting edges (a path-by-path walk would explode on shared nested templates).
    pub(super) fn check_nesting(&mut self) {
        const WHITE: u8 = 0;
        const GRAY: u8 = 1;
        const BLACK: u8 = 2;
        let count = self.set.files.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
        for (i, edge) in self.set.nesting.iter().enumerate() {
            children[edge.parent].push(i);
        }
        let mut color = vec![WHITE; count];
        let mut cut = vec![false; self.set.nesting.len()];
        // Longest chain of nesting below each template, and the edge that starts it.
        let mut height = vec![0usize; count];
        let mut tallest: Vec<Option<usize>> = vec![None; count];
        let roots: Vec<FileId> = self.set.modules.iter().map(|m| m.template).collect();
        for &root in &roots {
            if color[root] != WHITE {
                continue;
            }
            let mut stack: Vec<(FileId, usize)> = vec![(root, 0)];
            color[root] = GRAY;
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                if let Some(&edge) = children[node].get(*next) {
                    *next += 1;
                    let child = self.set.nesting[edge].child;
                    match color[child] {
                        WHITE => {
                            color[child] = GRAY;
                            stack.push((child, 0));
                        }
                        GRAY => {
                            cut[edge] = true;
                            let from = stack.iter().position(|(f, _)| *f == child).unwrap_or(0);
                            let mut chain: Vec<FileId> =
                                stack[from..].iter().map(|(f, _)| *f).collect();
                            chain.push(child);
                            self.record_nesting_problem(edge, &chain, true);
                        }
                        _ => {}
                    }
                } else {
                    stack.pop();
                    color[node] = BLACK;
                    for &edge in &children[node] {
                        let child = self.set.nesting[edge].child;
                        if !cut[edge] && height[child] + 1 > height[node] {
                            height[node] = height[child] + 1;
                            tallest[node] = Some(edge);
                        }
                    }
                }
            }
        }
        let limit = self.set.limits.max_nested_depth;
        let mut reported = foldhash::HashSet::default();
        for &root in &roots {
            if height[root] <= limit {
                continue;
            }
            let mut chain = vec![root];
            let mut node = root;
            while let Some(edge) = tallest[node] {
                node = self.set.nesting[edge].child;
                chain.push(node);
                if chain.len() > limit + 1 {
                    if reported.insert(edge) {
                        self.record_nesting_problem(edge, &chain, false);
                    }
                    break;
                }
            }
        }
    }

    fn record_nesting_problem(&mut self, edge: usize, chain: &[FileId], cycle: bool) {
        let chain = chain
            .iter()
            .map(|&f| self.set.files[f].path.clone())
            .collect();
        self.set.nesting_problems.push(NestingProblem {
            edge: self.set.nesting[edge].clone(),
            chain,
            cycle,
        });
    }
}
