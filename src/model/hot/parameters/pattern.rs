//! `allowed_pattern`s compiled as Python's `re.match` uses them, each text compiled once.

use foldhash::HashMap;

use fancy_regex::Regex;

/// Compiled `allowed_pattern`s by their text, each compiled once.
#[derive(Default)]
pub struct Patterns(HashMap<String, Result<Regex, String>>);

impl Patterns {
    /// The pattern compiled as [`compile_pattern`] does, from the cache when seen before.
    pub fn compile(&mut self, pattern: &str) -> Result<Regex, String> {
        self.0
            .entry(pattern.to_owned())
            .or_insert_with(|| compile_pattern(pattern))
            .clone()
    }
}

/// Compiles a pattern as Heat's `re.match` uses it: anchored at the start only (the caller
/// checks that the match reaches the end).
pub fn compile_pattern(pattern: &str) -> Result<Regex, String> {
    Regex::new(&format!("\\A(?:{pattern})")).map_err(|wrapped| {
        // Explain with the pattern as written, so positions match the template.
        match Regex::new(pattern) {
            Err(e) => e.to_string(),
            Ok(_) => wrapped.to_string(),
        }
    })
}
