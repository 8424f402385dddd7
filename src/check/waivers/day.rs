//! The calendar day a waiver's `until` names, and today's: the one place the waivers read
//! the clock, so tests fix "today" by building a [`Day`] themselves.

use std::fmt;
use std::time::SystemTime;

use x509_cert::der::DateTime;

/// A day of the Gregorian calendar (UTC), from 1970 to 9999.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    year: u16,
    month: u8,
    day: u8,
}

impl Day {
    /// The day `YYYY-MM-DD`, if the calendar has it (`der`'s `DateTime` checks the month's
    /// length and leap years).
    pub fn new(year: u16, month: u8, day: u8) -> Option<Day> {
        DateTime::new(year, month, day, 0, 0, 0).ok()?;
        Some(Day { year, month, day })
    }

    /// Reads `YYYY-MM-DD` exactly.
    pub fn parse(text: &str) -> Option<Day> {
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let digits = |range: std::ops::Range<usize>| {
            let part = text.get(range)?;
            part.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| part.parse::<u16>().ok())?
        };
        let (year, month, day) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
        Day::new(year, u8::try_from(month).ok()?, u8::try_from(day).ok()?)
    }

    /// Today in UTC, from the system clock.
    pub fn today() -> Day {
        Day::of(SystemTime::now())
    }

    /// The UTC day of a point in time (the epoch's for one before it).
    pub fn of(time: SystemTime) -> Day {
        match DateTime::from_system_time(time) {
            Ok(at) => Day {
                year: at.year(),
                month: at.month(),
                day: at.day(),
            },
            Err(_) => Day {
                year: 1970,
                month: 1,
                day: 1,
            },
        }
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_read_and_compare() {
        let june = Day::parse("2027-06-30").expect("a day");
        assert_eq!(june.to_string(), "2027-06-30");
        assert!(Day::parse("2027-07-01").expect("a day") > june);
        assert!(Day::parse("2028-02-29").is_some());
        for bad in [
            "2027-02-29",
            "2027-13-01",
            "27-06-30",
            "2027-6-30",
            "2027-06-3x",
            "+027-06-30",
        ] {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_time_gives_its_utc_day() {
        let time = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_782_777_599);
        assert_eq!(Day::of(time).to_string(), "2026-06-29");
        assert!(Day::today() >= Day::parse("2024-01-01").expect("a day"));
    }
}
