//! Tooltips that give way to the pop-ups of their own widgets. GTK looks a
//! tooltip up from the widget under the pointer through its parents, and a
//! drop-down's list or a menu button's pop-over is a child of its button:
//! the button's tooltip showed over the list it had opened, on its first
//! entries. So while a pop-up is open its button has no tooltip.

use gtk::prelude::*;

/// Makes every pop-up under `root` (drop-downs' lists, menu buttons'
/// pop-overs) hide its parent's tooltip while it is open.
pub fn give_way_to_popups(root: &impl IsA<gtk::Widget>) {
    let mut pending: Vec<gtk::Widget> = root.as_ref().first_child().into_iter().collect();
    while let Some(widget) = pending.pop() {
        pending.extend(widget.next_sibling());
        pending.extend(widget.first_child());
        let Some(popover) = widget.downcast_ref::<gtk::Popover>() else {
            continue;
        };
        popover.connect_visible_notify(|popover| {
            if let Some(button) = popover.parent() {
                let has_tooltip =
                    button.tooltip_text().is_some() || button.tooltip_markup().is_some();
                button.set_has_tooltip(has_tooltip && !popover.is_visible());
            }
        });
    }
}
