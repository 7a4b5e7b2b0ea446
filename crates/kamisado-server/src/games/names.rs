//! A player's name as a game keeps it.

/// The longest player name kept, in characters.
pub const MAX_NAME: usize = 32;

/// Whether a character changes the direction of the text around it
/// (embeddings, overrides, isolates and the marks): a name could reorder
/// what follows it.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// Whether a character shows nothing by itself: space, and the zero-width
/// and filler characters that make a name look empty.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
        )
}

/// A player's name as kept: no control characters, no direction controls,
/// no zero-width or filler characters (every other space a plain one), at
/// most [`MAX_NAME`] characters, surrounding space trimmed; `fallback` when
/// nothing visible is left.
pub fn clean_name(name: Option<&str>, fallback: &str) -> String {
    let kept: String = name
        .unwrap_or("")
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .filter_map(|c| match c {
            c if c.is_whitespace() => Some(' '),
            c if is_invisible(c) => None,
            c => Some(c),
        })
        .take(MAX_NAME)
        .collect();
    let kept = kept.trim();
    if kept.chars().all(is_invisible) {
        fallback.to_string()
    } else {
        kept.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_control_characters_and_length() {
        assert_eq!(clean_name(Some("  Ann\u{7}  "), "x"), "Ann");
        assert_eq!(clean_name(Some(""), "Player"), "Player");
        assert_eq!(clean_name(None, "Player"), "Player");
        assert_eq!(
            clean_name(Some(&"y".repeat(100)), "x").chars().count(),
            MAX_NAME
        );
        assert_eq!(clean_name(Some("<b>"), "x"), "<b>");
        // Direction overrides are taken out; a name of invisible characters is no name.
        assert_eq!(clean_name(Some("Ann\u{202E}neB"), "x"), "AnnneB");
        assert_eq!(clean_name(Some("\u{2066}Ann\u{2069}"), "x"), "Ann");
        assert_eq!(
            clean_name(Some("\u{200B}\u{3164} \u{FEFF}"), "Player"),
            "Player"
        );
        assert_eq!(clean_name(Some("Анна"), "x"), "Анна");
    }

    #[test]
    fn names_lose_every_direction_control_and_invisible_character() {
        // Each bidi control, alone or around and inside a name.
        for c in ('\u{202A}'..='\u{202E}')
            .chain('\u{2066}'..='\u{2069}')
            .chain(['\u{200E}', '\u{200F}', '\u{061C}'])
        {
            assert_eq!(
                clean_name(Some(&format!("{c}An{c}n{c}")), "x"),
                "Ann",
                "{c:?}"
            );
            assert_eq!(clean_name(Some(&c.to_string()), "Player"), "Player");
        }
        // Zero-width and filler characters inside a name: it is not another.
        for c in [
            '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{00AD}', '\u{3164}',
        ] {
            assert_eq!(clean_name(Some(&format!("A{c}nn")), "x"), "Ann", "{c:?}");
        }
        // A right-to-left override cannot make a name read backwards.
        assert_eq!(clean_name(Some("Ann\u{202E}exe.jpg"), "x"), "Annexe.jpg");
        // Other spaces are plain ones; Arabic and Hebrew letters stay.
        assert_eq!(clean_name(Some("Ann\u{00A0}Lee"), "x"), "Ann Lee");
        assert_eq!(clean_name(Some("שלום"), "x"), "שלום");
    }
}
