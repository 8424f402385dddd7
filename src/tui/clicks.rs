//! Where a mouse click lands (`--mouse`): drawing records the rectangles of the step strip's
//! steps and of the rows of the list or form shown, so a click selects what the last frame
//! drew there, as lazygit and gitui do.

use std::cell::RefCell;

use ratatui::layout::{Position, Rect};

use super::state::StepId;

/// What a click on a rectangle selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A step of the strip: go there, when it can be shown.
    Step(StepId),
    /// A row of the step's list (a position in the list as shown, a field of a form): the
    /// step selects it.
    Row(usize),
}

/// The last frame's clickable rectangles.
#[derive(Debug, Default)]
pub struct Clicks {
    areas: RefCell<Vec<(Rect, Target)>>,
}

impl Clicks {
    /// Forgets the last frame's rectangles (a frame is being drawn).
    pub fn clear(&self) {
        self.areas.borrow_mut().clear();
    }

    /// Records that a click on `area` selects `target`.
    pub fn add(&self, area: Rect, target: Target) {
        self.areas.borrow_mut().push((area, target));
    }

    /// What a click at this column and row selects, if anything.
    pub fn at(&self, column: u16, row: u16) -> Option<Target> {
        let position = Position::new(column, row);
        self.areas
            .borrow()
            .iter()
            .find(|(area, _)| area.contains(position))
            .map(|(_, target)| *target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_finds_the_rectangle_under_it() {
        let clicks = Clicks::default();
        clicks.add(Rect::new(1, 1, 10, 1), Target::Step(StepId::Source));
        clicks.add(Rect::new(0, 5, 80, 1), Target::Row(3));
        assert_eq!(clicks.at(4, 1), Some(Target::Step(StepId::Source)));
        assert_eq!(clicks.at(40, 5), Some(Target::Row(3)));
        assert_eq!(clicks.at(40, 6), None);
        clicks.clear();
        assert_eq!(clicks.at(40, 5), None);
    }
}
