//! An account's address as shown to someone who may not own it: enough for its owner to recognise,
//! not enough to use.

/// `mitu@example.com` → `m***@example.com`.
pub fn email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => format!("{}***@{domain}", local.chars().next().unwrap_or('*')),
        None => "***".into(),
    }
}

/// `+8801712345601` → `+88017•••••601`.
pub fn phone(phone: &str) -> String {
    let keep = |n: usize| phone.chars().take(n).collect::<String>();
    let tail: String = phone.chars().rev().take(3).collect::<Vec<_>>().into_iter().rev().collect();
    format!("{}•••••{tail}", keep(6))
}

/// The e-mail address, else the phone number, masked.
pub fn login(email_address: Option<&str>, phone_number: Option<&str>) -> String {
    match (email_address, phone_number) {
        (Some(e), _) => email(e),
        (None, Some(p)) => phone(p),
        (None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn addresses_keep_a_hint_only() {
        assert_eq!(super::email("mitu@example.com"), "m***@example.com");
        assert_eq!(super::email("x"), "***");
        assert_eq!(super::phone("+8801712345601"), "+88017•••••601");
        assert_eq!(super::login(None, Some("+8801712345601")), "+88017•••••601");
        assert_eq!(super::login(Some("mitu@example.com"), Some("+8801712345601")), "m***@example.com");
    }
}
