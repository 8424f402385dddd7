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

/// Every message bundle of a descriptor, the default language and the language asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Localisation {
    /// The Envelope's `xml:lang`.
    pub default_lang: Option<String>,
    /// The bundles in document order.
    pub bundles: Vec<StringsBundle>,
    /// The language the operator asks for (`--lang`, `LANG`): a bundle's texts in it are
    /// shown instead of the descriptor's own.
    #[serde(skip)]
    pub requested: Option<String>,
}

impl Localisation {
    /// The text to show for `text`: in the language asked for ([`Localisation::requested`])
    /// when a bundle holds it, else the element's own text (the descriptor's default
    /// locale, DSP0243), else, for an element without words of its own, the default
    /// language's bundle (or the stand-in: [`Localisation::stand_in_language`]).
    pub fn shown<'a>(&'a self, text: &'a LocalizedText) -> &'a str {
        if let Some(wanted) = self.requested.as_deref()
            && self.has_language(wanted)
        {
            return self.text(text, Some(wanted));
        }
        if text.text.trim().is_empty() {
            return self.text(text, None);
        }
        &text.text
    }

    /// The text in every language it is held in: its own words, the default language's
    /// message and each bundle's, without repeats (an acceptance given in one language
    /// holds in the others).
    pub fn every_language<'a>(&'a self, text: &'a LocalizedText) -> Vec<&'a str> {
        let mut out: Vec<&str> = vec![&text.text, self.text(text, None)];
        out.extend(
            self.languages()
                .into_iter()
                .map(|l| self.text(text, Some(l))),
        );
        let mut seen = Vec::new();
        out.retain(|t| {
            let keep = !seen.contains(t);
            seen.push(*t);
            keep
        });
        out
    }

    /// True when a bundle holds texts in `lang` (`de` matches `de-DE`).
    pub fn has_language(&self, lang: &str) -> bool {
        self.bundles
            .iter()
            .filter_map(|b| b.lang.as_deref())
            .any(|have| same_language(have, lang))
    }

    /// The text for `text` in `lang` (the default language when `None`): the message of a
    /// matching bundle, or else the element's own text.
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

    /// The language shown, when the Envelope names none (no `xml:lang`) and no bundle is
    /// its own, for texts without words of their own: the bundle for `en`, else the first
    /// with a language.
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
            requested: None,
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
            requested: None,
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

    #[test]
    fn inline_text_is_the_default_locale_unless_a_bundle_language_is_asked_for() {
        // NSX: English inline texts, a Japanese bundle, no xml:lang.
        let mut l10n = Localisation {
            default_lang: None,
            bundles: vec![bundle(Some("ja-JP"), &[("eula", "使用許諾")], &[])],
            requested: None,
        };
        let inline = LocalizedText {
            text: "End-user licence".into(),
            msgid: Some("eula".into()),
            span: Span::default(),
        };
        let blank = LocalizedText {
            text: " ".into(),
            msgid: Some("eula".into()),
            span: Span::default(),
        };
        assert_eq!(l10n.shown(&inline), "End-user licence");
        assert_eq!(
            l10n.shown(&blank),
            "使用許諾",
            "no words of its own: the stand-in"
        );
        l10n.requested = Some("ja_JP".replace('_', "-"));
        assert_eq!(l10n.shown(&inline), "使用許諾");
        l10n.requested = Some("de".into());
        assert_eq!(l10n.shown(&inline), "End-user licence", "no German bundle");
        assert!(l10n.has_language("ja") && !l10n.has_language("de"));
    }
}
