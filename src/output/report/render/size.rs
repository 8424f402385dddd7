//! Byte counts as people read them, for every face: file and progress sizes in binary units
//! with one decimal, capacities in the whole unit they were declared in.

/// Binary units, each 1024 times the one before.
const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];

/// A size in the largest unit it reaches, one decimal: `812 B`, `4.0 KiB`, `1.5 GiB`.
pub fn human(bytes: u64) -> String {
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// A capacity: whole GiB as `8 GiB`, whole MiB as `512 MiB`, anything else as [`human`].
pub fn capacity(bytes: u128) -> String {
    const GIB: u128 = 1 << 30;
    const MIB: u128 = 1 << 20;
    if bytes >= GIB && bytes.is_multiple_of(GIB) {
        format!("{} GiB", bytes / GIB)
    } else if bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        human(u64::try_from(bytes).unwrap_or(u64::MAX))
    }
}

/// A capacity for a narrow column: from 1 GiB up in GiB or TiB, one decimal unless whole
/// (`612.2 GiB`, `2 TiB`); below, as [`capacity`].
pub fn compact(bytes: u128) -> String {
    const GIB: u128 = 1 << 30;
    const TIB: u128 = 1 << 40;
    let (unit, name) = match bytes {
        b if b >= TIB => (TIB, "TiB"),
        b if b >= GIB => (GIB, "GiB"),
        _ => return capacity(bytes),
    };
    if bytes.is_multiple_of(unit) {
        format!("{} {name}", bytes / unit)
    } else {
        format!("{:.1} {name}", bytes as f64 / unit as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_capacities_read_in_gib_and_tib() {
        for (bytes, text) in [
            (626_851 << 20, "612.2 GiB"),
            (8 << 30, "8 GiB"),
            (2 << 40, "2 TiB"),
            (3 << 39, "1.5 TiB"),
            (512 << 20, "512 MiB"),
        ] {
            assert_eq!(compact(bytes), text, "{bytes}");
        }
    }

    #[test]
    fn sizes_read_naturally_and_capacities_keep_their_whole_unit() {
        let human_cases = [
            (812, "812 B"),
            (4096, "4.0 KiB"),
            (3 << 29, "1.5 GiB"),
            (u64::MAX, "16777216.0 TiB"),
        ];
        for (bytes, text) in human_cases {
            assert_eq!(human(bytes), text);
        }
        let capacity_cases = [
            (8 << 30, "8 GiB"),
            (1536 << 20, "1536 MiB"),
            (512 << 20, "512 MiB"),
            ((3 << 29) + 1, "1.5 GiB"),
            (0, "0 MiB"),
        ];
        for (bytes, text) in capacity_cases {
            assert_eq!(capacity(bytes), text, "{bytes}");
        }
    }
}
