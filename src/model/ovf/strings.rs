//! Localisation: `ovf:msgid` on texts, `Strings` message bundles inside the descriptor or in
//! external files, and the fallback to the element's own text.

use std::collections::BTreeMap;

use serde::Serialize;

use super::located::Located;
use crate::foundation::diagnostics::Span;

/// A text that may be localised through `ovf:msgid`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LocalizedText {
    /// The element's own text (the default-language text and the fallback).
    pub text: String,
    /// The message id that localises it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub msgid: Option<String>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// One `Strings` element: messages for one language, inline and/or from a bundle file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StringsBundle {
    /// `xml:lang`; none means the envelope's default language.
    pub lang: Option<String>,
    /// `ovf:fileRef` of an external bundle.
    pub file_ref: Option<Located<String>>,
    /// Messages written inside the element (they override the bundle file's).
    pub messages: BTreeMap<String, String>,
    /// Messages read from the external bundle file.
    pub file_messages: BTreeMap<String, String>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// Every message bundle of a descriptor and the default language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Localisation {
    /// The Envelope's `xml:lang`.
    pub default_lang: Option<String>,
    /// The bundles in document order.
    pub bundles: Vec<StringsBundle>,
}

impl Localisation {
    /// The text to show for `text` in `lang` (the default language when `None`): the
    /// message of a matching bundle, or else the element's own text.
    pub fn text<'a>(&'a self, text: &'a LocalizedText, lang: Option<&str>) -> &'a str {
        let Some(id) = &text.msgid else {
            return &text.text;
        };
        let wanted = lang
            .or(self.default_lang.as_deref())
            .or_else(|| self.stand_in_language());
        let matching = |bundle: &&StringsBundle| match (&bundle.lang, wanted) {
            (None, _) => lang.is_none() || lang == self.default_lang.as_deref(),
            (Some(have), Some(want)) => same_language(have, want),
            (Some(_), None) => false,
        };
        for bundle in self.bundles.iter().filter(matching) {
            if let Some(message) = bundle
                .messages
                .get(id)
                .or_else(|| bundle.file_messages.get(id))
            {
                return message;
            }
        }
        &text.text
    }

    /// The language shown when the Envelope names none (no `xml:lang`) and no bundle is
    /// its own: the bundle for `en`, else the first with a language.
    pub fn stand_in_language(&self) -> Option<&str> {
        if self.default_lang.is_some() || self.bundles.iter().any(|b| b.lang.is_none()) {
            return None;
        }
        let languages = || self.bundles.iter().filter_map(|b| b.lang.as_deref());
        languages()
            .find(|l| same_language(l, "en"))
            .or_else(|| languages().next())
    }

    /// The languages the bundles offer.
    pub fn languages(&self) -> Vec<&str> {
        let mut languages: Vec<&str> = self
            .bundles
            .iter()
            .filter_map(|b| b.lang.as_deref())
            .collect();
        languages.sort_unstable();
        languages.dedup();
        languages
    }
}

/// A text for a one-line display: each line break, with the blanks around it, becomes one
/// space, so the descriptor's lines never run into each other (multi-line displays and HOT
/// descriptions keep the breaks).
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

/// `de` matches `de-DE` and `DE`; language tags compare case-insensitively.
fn same_language(have: &str, want: &str) -> bool {
    let have = have.to_ascii_lowercase();
    let want = want.to_ascii_lowercase();
    have == want || have.split('-').next() == want.split('-').next()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundle(lang: Option<&str>, inline: &[(&str, &str)], file: &[(&str, &str)]) -> StringsBundle {
        let map = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        StringsBundle {
            lang: lang.map(str::to_owned),
            file_ref: None,
            messages: map(inline),
            file_messages: map(file),
            span: Span::default(),
        }
    }

    fn text(msgid: Option<&str>) -> LocalizedText {
        LocalizedText {
            text: "fallback".into(),
            msgid: msgid.map(str::to_owned),
            span: Span::default(),
        }
    }

    #[test]
    fn picks_the_language_then_falls_back_to_the_element_text() {
        let l10n = Localisation {
            default_lang: Some("en-US".into()),
            bundles: vec![
                bundle(None, &[("m1", "default one")], &[]),
                bundle(
                    Some("de-DE"),
                    &[("m2", "inline zwei")],
                    &[("m1", "datei eins"), ("m2", "datei zwei")],
                ),
            ],
        };
        assert_eq!(l10n.text(&text(Some("m1")), None), "default one");
        assert_eq!(l10n.text(&text(Some("m1")), Some("de")), "datei eins");
        assert_eq!(l10n.text(&text(Some("m2")), Some("de")), "inline zwei");
        assert_eq!(l10n.text(&text(Some("m2")), None), "fallback");
        assert_eq!(l10n.text(&text(Some("nope")), Some("de")), "fallback");
        assert_eq!(l10n.text(&text(None), Some("de")), "fallback");
        assert_eq!(l10n.languages(), vec!["de-DE"]);
    }

    #[test]
    fn one_line_keeps_a_space_where_the_descriptor_broke_the_line() {
        assert_eq!(one_line("Photon OS\n  (64-bit)"), "Photon OS (64-bit)");
        assert_eq!(one_line("a\r\n\r\nb "), "a b");
        assert_eq!(one_line("plain"), "plain");
    }

    #[test]
    fn without_xml_lang_the_english_bundle_stands_in() {
        let mut l10n = Localisation {
            default_lang: None,
            bundles: vec![
                bundle(Some("de-DE"), &[("eula", "Lizenz")], &[]),
                bundle(Some("en-US"), &[("eula", "Licence")], &[]),
            ],
        };
        assert_eq!(l10n.stand_in_language(), Some("en-US"));
        assert_eq!(l10n.text(&text(Some("eula")), None), "Licence");
        assert_eq!(l10n.text(&text(Some("eula")), Some("de")), "Lizenz");
        l10n.bundles.remove(1);
        assert_eq!(l10n.text(&text(Some("eula")), None), "Lizenz");
        l10n.default_lang = Some("fr".into());
        assert_eq!(l10n.stand_in_language(), None);
        assert_eq!(l10n.text(&text(Some("eula")), None), "fallback");
    }
}
