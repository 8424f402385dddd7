//! Copying to the clipboard through the terminal (OSC 52): the text goes out as an escape
//! sequence the terminal (or tmux, with `set-clipboard on`) puts on the system clipboard,
//! so it works over SSH with nothing installed on the host.

use std::io::Write;

use base64ct::{Base64, Encoding};

/// The escape sequence that sets the clipboard to `text`.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", Base64::encode_string(text.as_bytes()))
}

/// Sends `text` to the terminal's clipboard.
pub fn copy(out: &mut impl Write, text: &str) -> std::io::Result<()> {
    out.write_all(osc52(text).as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_place_goes_out_base64_encoded_in_one_sequence() {
        assert_eq!(osc52("base.yaml:14"), "\x1b]52;c;YmFzZS55YW1sOjE0\x07");
        let mut out = Vec::new();
        copy(&mut out, "é").unwrap();
        assert_eq!(out, b"\x1b]52;c;w6k=\x07");
    }
}
