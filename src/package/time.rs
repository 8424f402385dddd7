//! The one timestamp a package carries (zip entries, the manifest's release time), fixed so
//! the same inputs give the same bytes: `SOURCE_DATE_EPOCH` when set, else what the
//! caller decides (the answers, the source's modification time).

use super::zip_writer::DosTime;

/// Seconds since the Unix epoch, UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PackageTime(pub u64);

/// A `SOURCE_DATE_EPOCH` that is not a whole number of seconds.
#[derive(Debug, thiserror::Error)]
#[error("SOURCE_DATE_EPOCH is `{0}`, not a number of seconds since 1970-01-01")]
pub struct BadSourceDateEpoch(pub String);

impl PackageTime {
    /// `SOURCE_DATE_EPOCH` (reproducible-builds.org) when set, else `fallback`.
    pub fn from_env_or(fallback: PackageTime) -> Result<PackageTime, BadSourceDateEpoch> {
        match std::env::var("SOURCE_DATE_EPOCH") {
            Ok(text) if !text.trim().is_empty() => text
                .trim()
                .parse()
                .map(PackageTime)
                .map_err(|_| BadSourceDateEpoch(text)),
            _ => Ok(fallback),
        }
    }

    /// The packages' timestamp for one run: `SOURCE_DATE_EPOCH`, else the answers'
    /// `package_date`, else the source's modification time (so unchanged inputs keep giving
    /// the same bytes), else the Unix epoch.
    pub fn for_run(
        package_date: Option<&str>,
        source: &std::path::Path,
    ) -> Result<PackageTime, BadSourceDateEpoch> {
        let fallback = package_date
            .and_then(PackageTime::parse_rfc3339)
            .or_else(|| PackageTime::of_file(source))
            .unwrap_or(PackageTime(0));
        PackageTime::from_env_or(fallback)
    }

    /// The time of a file's last modification (a source package's own date).
    pub fn of_file(path: &std::path::Path) -> Option<PackageTime> {
        let modified = std::fs::metadata(path).ok()?.modified().ok()?;
        let seconds = modified
            .duration_since(std::time::SystemTime::UNIX_EPOCH)
            .ok()?;
        Some(PackageTime(seconds.as_secs()))
    }

    /// Reads an RFC 3339 date-time (`2024-05-01T10:00:00Z`, `…+09:00`; fractions of a
    /// second dropped); `None` when it is not one or lies before 1970.
    pub fn parse_rfc3339(text: &str) -> Option<PackageTime> {
        if !super::manifest::is_rfc3339(text) {
            return None;
        }
        let number = |range: std::ops::Range<usize>| text.get(range)?.parse::<i64>().ok();
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
        // Howard Hinnant's days-from-civil algorithm.
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let mp = (month + 9) % 12;
        let doy = (153 * mp + 2) / 5 + day - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        let days = era * 146_097 + doe - 719_468;
        let zone = text.trim_end();
        let offset = match zone.as_bytes().last() {
            Some(b'Z' | b'z') => 0,
            _ => {
                let tail = &zone[zone.len() - 6..];
                let sign = if tail.starts_with('-') { -1 } else { 1 };
                let hours: i64 = tail[1..3].parse().ok()?;
                let minutes: i64 = tail[4..6].parse().ok()?;
                sign * (hours * 3_600 + minutes * 60)
            }
        };
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset;
        u64::try_from(seconds).ok().map(PackageTime)
    }

    /// Year, month, day, hour, minute, second (UTC).
    fn civil(self) -> (i64, u32, u32, u32, u32, u32) {
        let days = (self.0 / 86_400) as i64;
        let rest = self.0 % 86_400;
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        (
            year,
            month,
            day,
            (rest / 3_600) as u32,
            (rest % 3_600 / 60) as u32,
            (rest % 60) as u32,
        )
    }

    /// RFC 3339 in UTC: `2024-05-01T10:00:00+00:00`.
    pub fn rfc3339(self) -> String {
        let (y, mo, d, h, mi, s) = self.civil();
        format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}+00:00")
    }

    /// The zip form (DOS date and time, UTC).
    pub fn dos(self) -> DosTime {
        let (y, mo, d, h, mi, s) = self.civil();
        DosTime::new(y, mo, d, h, mi, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates() {
        assert_eq!(PackageTime(0).rfc3339(), "1970-01-01T00:00:00+00:00");
        assert_eq!(
            PackageTime(1_714_557_600).rfc3339(),
            "2024-05-01T10:00:00+00:00"
        );
        assert_eq!(
            PackageTime(951_782_400).rfc3339(),
            "2000-02-29T00:00:00+00:00"
        );
        assert_eq!(
            PackageTime(4_102_444_799).rfc3339(),
            "2099-12-31T23:59:59+00:00"
        );
        assert_eq!(
            PackageTime(1_714_557_600).dos(),
            DosTime::new(2024, 5, 1, 10, 0, 0)
        );
        assert_eq!(
            PackageTime::parse_rfc3339("2024-05-01T10:00:00Z"),
            Some(PackageTime(1_714_557_600))
        );
        assert_eq!(
            PackageTime::parse_rfc3339("2024-05-01T19:00:00.75+09:00"),
            Some(PackageTime(1_714_557_600))
        );
        assert_eq!(
            PackageTime::parse_rfc3339("2000-02-29T00:00:00-00:00"),
            Some(PackageTime(951_782_400))
        );
        assert_eq!(PackageTime::parse_rfc3339("1969-12-31T23:59:59Z"), None);
        assert_eq!(PackageTime::parse_rfc3339("2024-05-01 10:00"), None);
    }
}
