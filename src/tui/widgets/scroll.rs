//! Scrolling long lists and texts: only the visible window is ever built, so thousands of
//! rows cost what one screen costs.

use std::cell::Cell;
use std::ops::Range;

use crate::tui::action::Action;

/// The first visible row of a list, remembered between frames so the window moves only
/// when the selection leaves it. Drawing takes `&self`, so the offset lives in a `Cell`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListWindow {
    offset: Cell<usize>,
    height: Cell<usize>,
}

impl ListWindow {
    /// The rows to draw for `len` rows in `height` lines with `selected` visible.
    pub fn range(&self, selected: usize, len: usize, height: usize) -> Range<usize> {
        self.height.set(height);
        if len == 0 || height == 0 {
            self.offset.set(0);
            return 0..0;
        }
        let selected = selected.min(len - 1);
        let mut offset = self.offset.get().min(len.saturating_sub(height));
        if selected < offset {
            offset = selected;
        } else if selected >= offset + height {
            offset = selected + 1 - height;
        }
        self.offset.set(offset);
        offset..(offset + height).min(len)
    }

    /// Starts again at the top (a new list).
    pub fn reset(&self) {
        self.offset.set(0);
    }

    /// Rows one page key moves: the last frame's height less one row of context.
    pub fn page(&self) -> isize {
        isize::try_from(self.height.get().saturating_sub(1).max(1)).unwrap_or(1)
    }
}

/// A position in a list of `len` items after a move: ±1, ±page, first or last.
pub fn moved(selected: usize, len: usize, delta: isize) -> usize {
    if len == 0 {
        return 0;
    }
    selected.saturating_add_signed(delta).min(len - 1)
}

/// The selection after a moving action (↑↓, pages, Home/End, the wheel), `None` for
/// other actions.
pub fn navigate(action: Action, selected: usize, len: usize, page: isize) -> Option<usize> {
    let delta = match action {
        Action::Up | Action::ScrollUp => -1,
        Action::Down | Action::ScrollDown => 1,
        Action::PageUp => -page,
        Action::PageDown => page,
        Action::Home => isize::MIN,
        Action::End => isize::MAX,
        _ => return None,
    };
    Some(moved(selected, len, delta))
}

/// A scroll position in a text, kept below the largest offset the last frame could show
/// (which drawing records, since only it knows the wrapped height).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextScroll {
    /// The first line shown.
    pub top: usize,
    /// The largest useful `top` at the last frame.
    pub max: Cell<usize>,
    /// Rows shown at the last frame.
    pub height: Cell<usize>,
}

impl TextScroll {
    /// Moves by `delta` lines within what the last frame allowed (before any frame, the
    /// next one clamps).
    pub fn scroll(&mut self, delta: isize) {
        let max = if self.height.get() == 0 {
            usize::MAX
        } else {
            self.max.get()
        };
        self.top = self.top.min(max).saturating_add_signed(delta).min(max);
    }

    /// Moves one page (less a line of context) up (`-1`) or down (`1`).
    pub fn page(&mut self, direction: isize) {
        let page = isize::try_from(self.height.get().saturating_sub(1).max(1)).unwrap_or(1);
        self.scroll(direction * page);
    }

    /// Applies a scrolling action (lines, pages, Home/End, the wheel); false for others.
    pub fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Up | Action::ScrollUp => self.scroll(-1),
            Action::Down | Action::ScrollDown => self.scroll(1),
            Action::PageUp => self.page(-1),
            Action::PageDown => self.page(1),
            Action::Home => self.home(),
            Action::End => self.end(),
            _ => return false,
        }
        true
    }

    /// To the top.
    pub fn home(&mut self) {
        self.top = 0;
    }

    /// To the bottom.
    pub fn end(&mut self) {
        self.top = if self.height.get() == 0 {
            usize::MAX
        } else {
            self.max.get()
        };
    }

    /// The first line to show for `lines` lines in `height` rows, recording the maximum.
    pub fn window(&self, lines: usize, height: usize) -> usize {
        let max = lines.saturating_sub(height);
        self.max.set(max);
        self.height.set(height);
        self.top.min(max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_follows_the_selection() {
        let window = ListWindow::default();
        assert_eq!(window.range(0, 100, 10), 0..10);
        assert_eq!(window.range(9, 100, 10), 0..10);
        assert_eq!(window.range(10, 100, 10), 1..11);
        assert_eq!(window.range(5, 100, 10), 1..11, "stays while visible");
        assert_eq!(window.range(0, 100, 10), 0..10);
        assert_eq!(window.range(99, 100, 10), 90..100);
        assert_eq!(window.range(3, 4, 10), 0..4, "short lists start at the top");
        assert_eq!(window.range(0, 0, 10), 0..0);
    }

    #[test]
    fn moves_stay_inside_the_list() {
        assert_eq!(moved(0, 10, -1), 0);
        assert_eq!(moved(9, 10, 1), 9);
        assert_eq!(moved(2, 10, 5), 7);
        assert_eq!(moved(0, 0, 1), 0);
        assert_eq!(moved(5, 10, isize::MAX), 9);
    }

    #[test]
    fn text_scroll_stops_at_the_last_page() {
        let mut scroll = TextScroll::default();
        assert_eq!(scroll.window(50, 20), 0);
        scroll.scroll(100);
        assert_eq!(scroll.top, 30);
        scroll.scroll(-10);
        assert_eq!(scroll.top, 20);
        scroll.home();
        assert_eq!(scroll.top, 0);
        scroll.end();
        assert_eq!(scroll.window(50, 20), 30);
    }
}
