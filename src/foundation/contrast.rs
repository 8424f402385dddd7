//! WCAG 2's contrast ratio between two sRGB colours: the one test the wizard's themes and
//! the HTML report's colours are both held to (AA: 4.5:1 for text).

/// An sRGB colour, 8 bits a channel.
pub type Rgb = (u8, u8, u8);

/// The least contrast WCAG AA asks of normal text.
pub const AA_TEXT: f64 = 4.5;

/// WCAG's relative luminance of a colour.
pub fn luminance((r, g, b): Rgb) -> f64 {
    let channel = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/// The contrast ratio of two colours, from 1 (none) to 21 (black on white), whichever is
/// the lighter.
pub fn ratio(a: Rgb, b: Rgb) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// A `#rrggbb` colour.
pub fn parse_hex(text: &str) -> Option<Rgb> {
    let hex = text.strip_prefix('#').filter(|h| h.len() == 6)?;
    let channel = |at: usize| u8::from_str_radix(hex.get(at..at + 2)?, 16).ok();
    Some((channel(0)?, channel(2)?, channel(4)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_on_white_is_the_largest_ratio_and_order_does_not_matter() {
        let black = (0, 0, 0);
        let white = (255, 255, 255);
        assert!((ratio(black, white) - 21.0).abs() < 1e-9);
        assert!((ratio(white, black) - 21.0).abs() < 1e-9);
        assert!((ratio(white, white) - 1.0).abs() < 1e-9);
        // WCAG's own example: #767676 on white is the lightest grey at AA.
        assert!(ratio((0x76, 0x76, 0x76), white) >= AA_TEXT);
        assert!(ratio((0x77, 0x77, 0x77), white) < AA_TEXT);
    }

    #[test]
    fn hex_colours_parse() {
        assert_eq!(parse_hex("#0a1B2c"), Some((10, 27, 44)));
        assert_eq!(parse_hex("0a1b2c"), None);
        assert_eq!(parse_hex("#abc"), None);
        assert_eq!(parse_hex("#gg0000"), None);
    }
}
