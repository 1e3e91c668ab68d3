//! Subdomain rules: 3-30 of `a-z0-9-`, no hyphen at either end, not reserved; compared
//! case-insensitively (stored lowercase).

pub const RESERVED: &[&str] = &[
    "www", "api", "admin", "main", "mail", "static", "assets", "app", "apps", "cdn", "media", "files", "storage", "s3",
    "smtp", "imap", "pop", "ftp", "ns1", "ns2", "dns", "mx", "webmail", "autodiscover", "dev", "test", "staging",
    "status", "help", "support", "docs", "blog", "blogs", "login", "logout", "auth", "sso", "oauth", "account",
    "accounts", "dashboard", "partner", "partners", "partnership", "billing", "pay", "payment", "payments", "root",
    "system", "superadmin", "localhost", "internal", "console", "portal", "secure", "cpanel", "acme", "wpad", "my",
];

/// Lowercases and checks a wanted subdomain; the error is the field code.
pub fn parse(value: &str) -> Result<String, &'static str> {
    let slug = value.trim().to_ascii_lowercase();
    let valid = (3..=30).contains(&slug.len())
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
        && !slug.contains("--");
    if !valid {
        return Err("invalid_subdomain");
    }
    if RESERVED.contains(&slug.as_str()) {
        return Err("reserved_subdomain");
    }
    Ok(slug)
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn subdomains_follow_the_rules() {
        assert_eq!(parse("Dhaka").unwrap(), "dhaka");
        assert_eq!(parse("dhaka-college-2").unwrap(), "dhaka-college-2");
        for bad in ["ab", "-ab", "ab-", "a_b", "ঢাকা", "a.b", "xn--abc", &"a".repeat(31), ""] {
            assert_eq!(parse(bad), Err("invalid_subdomain"), "{bad}");
        }
        assert_eq!(parse("WWW"), Err("reserved_subdomain"));
        assert_eq!(parse("admin"), Err("reserved_subdomain"));
    }
}
