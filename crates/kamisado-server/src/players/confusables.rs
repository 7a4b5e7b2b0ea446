//! Names that pass for others: an account name's confusable skeleton, after
//! Unicode TR39's (the name folded to the letters it looks like), for names
//! of Latin or Cyrillic letters, digits, `_` and `-` ([`super::accounts::check_name`]).
//! Two names with one skeleton cannot both be accounts: `рор` (Cyrillic)
//! beside `pop`, `ВОВ` beside `bob`, `B0B` beside `bob`, `1ee` beside `Lee`.

/// The Latin letter or digit a lower-case character looks like, or itself.
fn look_alike(c: char) -> char {
    match c {
        // Cyrillic letters shaped as Latin ones (in either case, once lower).
        'а' => 'a',
        'б' => '6',
        'в' | 'ь' | 'ъ' => 'b',
        'г' => 'r',
        'е' | 'ё' => 'e',
        'з' => '3',
        'к' => 'k',
        'м' => 'm',
        'н' => 'h',
        'о' => 'o',
        'п' => 'n',
        'р' => 'p',
        'с' => 'c',
        'т' => 't',
        'у' => 'y',
        'х' => 'x',
        'ч' => '4',
        'ш' => 'w',
        // Digits and letters shaped as others: `0`/`O`, `1`/`l`/`I`.
        '0' => 'o',
        '1' | 'i' => 'l',
        '5' => 's',
        c => c,
    }
}

/// A name's skeleton: lower case, each character as the one it looks like,
/// and the pairs that pass for one letter (`rn` for `m`, `vv` for `w`) as it.
pub fn skeleton(name: &str) -> String {
    let folded: String = name.to_lowercase().chars().map(look_alike).collect();
    folded.replace("rn", "m").replace("vv", "w")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_look_alike_have_one_skeleton() {
        for (a, b) in [
            ("рор", "pop"),
            ("ВОВ", "bob"),
            ("B0B", "bob"),
            ("O1ga", "olga"),
            ("Ian", "lan"),
            ("1ee", "Lee"),
            ("гп", "m"),
            ("vvolf", "wolf"),
            ("Ann", "ann"),
            ("ТЕХ", "tex"),
        ] {
            assert_eq!(skeleton(a), skeleton(b), "{a} and {b}");
        }
        for (a, b) in [
            ("ann", "anna"),
            ("bob", "rob"),
            ("kamisado", "kamisad0-"),
            ("Анна", "Ann"),
        ] {
            assert_ne!(skeleton(a), skeleton(b), "{a} and {b}");
        }
    }
}
