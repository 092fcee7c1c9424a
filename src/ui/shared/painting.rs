//! What the pictures drawn with cairo share: a colour of the style at a
//! given opacity, and text centred on a point.

use gtk::cairo;

/// Paints with `colour` at `alpha` times its own opacity.
pub fn set_colour(cr: &cairo::Context, colour: gtk::gdk::RGBA, alpha: f64) {
    cr.set_source_rgba(
        f64::from(colour.red()),
        f64::from(colour.green()),
        f64::from(colour.blue()),
        f64::from(colour.alpha()) * alpha,
    );
}

/// Writes `text` centred on (x, y).
pub fn centred_text(cr: &cairo::Context, text: &str, x: f64, y: f64) -> Result<(), cairo::Error> {
    let extents = cr.text_extents(text)?;
    cr.move_to(
        x - extents.width() / 2.0 - extents.x_bearing(),
        y - extents.height() / 2.0 - extents.y_bearing(),
    );
    cr.show_text(text)
}
