//! Random ids and keys, and the date a record writes.

use crate::error::ServerError;
use kamisado_wire::Refusal;

/// 128 random bits as 32 hex digits, for a seat key.
///
/// # Errors
/// When the system has no random source.
pub fn seat_key() -> Result<String, ServerError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        ServerError::Unavailable(Refusal::unavailable(format!("no random source: {e}")))
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// 64 random bits, for a seed.
///
/// # Errors
/// When the system has no random source.
pub fn random_u64() -> Result<u64, ServerError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| {
        ServerError::Unavailable(Refusal::unavailable(format!("no random source: {e}")))
    })?;
    Ok(u64::from_le_bytes(bytes))
}

/// Today's date as a record writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    kamisado_core::record::date_tag(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_keys_are_128_bits() {
        let a = seat_key().unwrap();
        let b = seat_key().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn today_is_a_record_date() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert_eq!(&d[4..5], ".");
        assert_eq!(&d[7..8], ".");
        assert!(d[..4].parse::<u32>().unwrap() >= 2024);
    }
}
