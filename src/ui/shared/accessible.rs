//! What assistive technology is told about a widget beyond what GTK works
//! out by itself. gtk4-rs binds GtkAccessible's property setters only from
//! GTK 4.10 on, though GTK has had `gtk_accessible_update_property_value`
//! since 4.0, so the one function is declared here.

use gtk::glib::translate::ToGlibPtr;
use gtk::{glib, prelude::*};

use tictactoe_words::i18n::{fill, gettext};

fn update_property(
    widget: &impl IsA<gtk::Widget>,
    property: gtk::ffi::GtkAccessibleProperty,
    text: &str,
) {
    unsafe extern "C" {
        fn gtk_accessible_update_property_value(
            accessible: *mut gtk::ffi::GtkWidget,
            n_properties: std::ffi::c_int,
            properties: *const gtk::ffi::GtkAccessibleProperty,
            values: *const glib::gobject_ffi::GValue,
        );
    }
    let value = text.to_value();
    // SAFETY: every widget is a GtkAccessible; one property with one
    // initialised string value, as the label and description take.
    unsafe {
        gtk_accessible_update_property_value(
            widget.as_ref().as_ptr(),
            1,
            &property,
            value.to_glib_none().0,
        );
    }
}

/// The name a screen reader speaks for the widget.
pub fn set_label(widget: &impl IsA<gtk::Widget>, text: &str) {
    update_property(widget, gtk::ffi::GTK_ACCESSIBLE_PROPERTY_LABEL, text);
}

/// What a screen reader reads after the name.
pub fn set_description(widget: &impl IsA<gtk::Widget>, text: &str) {
    update_property(widget, gtk::ffi::GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
}

/// Lets a button with a text label be named by that label alone. GTK 4.8
/// also copies the label, mnemonic underscore and all, into the button's
/// accessible label, and a screen reader then hears both: "_Start Start".
pub fn name_button_by_its_label(button: &impl IsA<gtk::Button>) {
    unsafe extern "C" {
        fn gtk_accessible_reset_property(
            accessible: *mut gtk::ffi::GtkWidget,
            property: gtk::ffi::GtkAccessibleProperty,
        );
    }
    // SAFETY: every widget is a GtkAccessible, and the label is one of its
    // properties.
    unsafe {
        gtk_accessible_reset_property(
            button.as_ref().upcast_ref::<gtk::Widget>().as_ptr(),
            gtk::ffi::GTK_ACCESSIBLE_PROPERTY_LABEL,
        );
    }
}

/// Names the parts of a drop-down that GTK 4.8 leaves to their class
/// names: the toggle button and the list in its pop-up. The drop-down
/// itself takes its name from its mnemonic label, or from `set_label`.
pub fn name_dropdown_parts(dropdown: &gtk::DropDown, text: &str) {
    let mut pending: Vec<gtk::Widget> = dropdown.first_child().into_iter().collect();
    while let Some(widget) = pending.pop() {
        pending.extend(widget.next_sibling());
        if widget.is::<gtk::ToggleButton>() {
            set_label(&widget, text);
        } else if widget.is::<gtk::ListView>() {
            set_label(
                &widget,
                &fill(&gettext("{name}: choices"), &[("name", &text)]),
            );
        } else {
            pending.extend(widget.first_child());
        }
    }
}

/// The rows of a drop-down of strings, each named for assistive technology
/// by its text (GTK 4.8 leaves the row itself unnamed) and given the
/// tooltip `tooltip` finds for its position.
pub fn string_item_factory(
    tooltip: impl Fn(u32) -> Option<String> + 'static,
) -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_setup(|_, item| {
        if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
            item.set_child(Some(&gtk::Label::builder().xalign(0.0).build()));
        }
    });
    factory.connect_bind(move |_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let (Some(text), Some(label)) = (
            item.item().and_downcast::<gtk::StringObject>(),
            item.child().and_downcast::<gtk::Label>(),
        ) else {
            return;
        };
        label.set_label(&text.string());
        label.set_tooltip_text(tooltip(item.position()).as_deref());
        // The row widget GTK puts around the label is what a screen reader
        // lands on.
        if let Some(row) = label.parent() {
            set_label(&row, &text.string());
        }
    });
    factory
}

/// Names the parts of a column view that GTK 4.8 leaves to their class
/// names: the row of column titles and the list of rows, which a screen
/// reader lands on. The list takes the view's own name, `text`.
pub fn name_column_view_parts(view: &gtk::ColumnView, text: &str) {
    let mut child = view.first_child();
    while let Some(widget) = child {
        if widget.is::<gtk::ListView>() {
            set_label(&widget, text);
        } else {
            set_label(
                &widget,
                &fill(&gettext("{name}: column titles"), &[("name", &text)]),
            );
        }
        child = widget.next_sibling();
    }
}
