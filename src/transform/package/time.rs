//! The one timestamp a package carries (zip entries, the manifest's release time), fixed so
//! the same inputs give the same bytes: `SOURCE_DATE_EPOCH` when set, else what the
//! caller decides (the answers, the source's modification time).

use std::time::Duration;

use x509_cert::der::DateTime;

use super::zip_writer::DosTime;

/// Seconds since the Unix epoch, UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PackageTime(pub u64);

/// A `SOURCE_DATE_EPOCH` that is not a whole number of seconds.
#[derive(Debug, thiserror::Error)]
#[error("SOURCE_DATE_EPOCH is `{0}`, not a number of seconds from 1970-01-01 to 9999-12-31")]
pub struct BadSourceDateEpoch(pub String);

impl PackageTime {
    /// `SOURCE_DATE_EPOCH` (reproducible-builds.org) when set, else `fallback`.
    pub fn from_env_or(fallback: PackageTime) -> Result<PackageTime, BadSourceDateEpoch> {
        match std::env::var("SOURCE_DATE_EPOCH") {
            Ok(text) if !text.trim().is_empty() => match text.trim().parse() {
                Ok(seconds) if seconds <= DateTime::INFINITY.unix_duration().as_secs() => {
                    Ok(PackageTime(seconds))
                }
                _ => Err(BadSourceDateEpoch(text)),
            },
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
    /// second dropped); `None` when it is not one, names a day the month lacks, or lies
    /// before 1970.
    pub fn parse_rfc3339(text: &str) -> Option<PackageTime> {
        if !crate::model::csar::manifest::is_rfc3339(text) {
            return None;
        }
        let number = |range: std::ops::Range<usize>| text.get(range)?.parse::<u8>().ok();
        let year = text.get(0..4)?.parse::<u16>().ok()?;
        let (month, day) = (number(5..7)?, number(8..10)?);
        let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
        // A leap second (`:60`) counts as the first second of the next minute.
        let local = DateTime::new(year, month, day, hour, minute, second.min(59)).ok()?;
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
        let local = i64::try_from(local.unix_duration().as_secs()).ok()?;
        let seconds = local + i64::from(second == 60) - offset;
        u64::try_from(seconds).ok().map(PackageTime)
    }

    /// The calendar time (UTC); a time past 9999-12-31T23:59:59 (beyond RFC 3339's years)
    /// is written as that second.
    fn civil(self) -> DateTime {
        DateTime::from_unix_duration(Duration::from_secs(self.0)).unwrap_or(DateTime::INFINITY)
    }

    /// RFC 3339 in UTC: `2024-05-01T10:00:00+00:00`.
    pub fn rfc3339(self) -> String {
        let t = self.civil();
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}+00:00",
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minutes(),
            t.seconds()
        )
    }

    /// The zip form (DOS date and time, UTC).
    pub fn dos(self) -> DosTime {
        let t = self.civil();
        DosTime::new(
            i64::from(t.year()),
            u32::from(t.month()),
            u32::from(t.day()),
            u32::from(t.hour()),
            u32::from(t.minutes()),
            u32::from(t.seconds()),
        )
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
        assert_eq!(
            PackageTime::parse_rfc3339("2016-12-31T23:59:60Z"),
            Some(PackageTime(1_483_228_800))
        );
        assert_eq!(PackageTime::parse_rfc3339("2023-02-29T00:00:00Z"), None);
        assert_eq!(
            PackageTime::parse_rfc3339("1970-01-01T01:00:00+01:00"),
            Some(PackageTime(0))
        );
        assert_eq!(
            PackageTime::parse_rfc3339("1970-01-01T00:30:00+01:00"),
            None
        );
    }

    #[test]
    fn times_past_the_last_rfc3339_year_are_written_as_its_last_second() {
        let last = PackageTime(253_402_300_799);
        assert_eq!(last.rfc3339(), "9999-12-31T23:59:59+00:00");
        assert_eq!(PackageTime(u64::MAX).rfc3339(), last.rfc3339());
        assert_eq!(
            PackageTime(u64::MAX).dos(),
            DosTime::new(2107, 12, 31, 23, 59, 59)
        );
    }
}
