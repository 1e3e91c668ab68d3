//! The caller's language and the server's own messages in English and Bangla. Error codes are
//! stable (the web app translates them too); the `message` we send is already in the caller's
//! language.

use crate::access::{Action, Module};
use axum::http::HeaderMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Bn,
}

impl Lang {
    /// `lang: 1|2` (SPEC: 1 English, 2 Bangla) wins over `Accept-Language`; English otherwise.
    pub fn from_headers(headers: &HeaderMap) -> Self {
        Self::stated(headers).unwrap_or(Lang::En)
    }

    /// The language the request names, if it names one: what a person's notices are written in
    /// is changed only by a request that says (the web app always does).
    pub fn stated(headers: &HeaderMap) -> Option<Self> {
        if let Some(v) = headers.get("lang").and_then(|v| v.to_str().ok()) {
            match v.trim() {
                "2" | "bn" => return Some(Lang::Bn),
                "1" | "en" => return Some(Lang::En),
                _ => {}
            }
        }
        let accept = headers.get("accept-language").and_then(|v| v.to_str().ok())?.trim_start().to_ascii_lowercase();
        Some(if accept.starts_with("bn") { Lang::Bn } else { Lang::En })
    }

    pub fn id(self) -> i16 {
        match self {
            Lang::En => 1,
            Lang::Bn => 2,
        }
    }

    /// `en` or `bn`, as stored.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Bn => "bn",
        }
    }

    /// A text as this reader reads it: its Bangla form for a Bangla reader when there is one
    /// (a name, a course's title), else the English.
    pub fn pick<'a>(self, en: &'a str, bn: Option<&'a str>) -> &'a str {
        match (bn, self) {
            (Some(bn), Lang::Bn) if !bn.is_empty() => bn,
            _ => en,
        }
    }

    /// `en` or `bn` back.
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "en" => Some(Lang::En),
            "bn" => Some(Lang::Bn),
            _ => None,
        }
    }
}

/// Writes a number with Bangla digits when the language is Bangla.
pub fn number(n: usize, lang: Lang) -> String {
    let s = n.to_string();
    match lang {
        Lang::En => s,
        Lang::Bn => bangla_digits(&s),
    }
}

/// The same text with its ASCII digits written as Bangla digits (a date, a time).
pub fn bangla_digits(s: &str) -> String {
    s.chars().map(|c| c.to_digit(10).filter(|_| c.is_ascii_digit()).and_then(|d| char::from_u32('০' as u32 + d)).unwrap_or(c)).collect()
}

/// Taka as a reader of `lang` writes it: "৳১,৫০০.০০" or "BDT 1,500.00".
pub fn taka(poisha: i64, lang: Lang) -> String {
    let text = amount(poisha);
    match lang {
        Lang::En => format!("BDT {text}"),
        Lang::Bn => format!("৳{}", text.chars().map(|c| c.to_digit(10).map_or(c, |d| char::from_u32('০' as u32 + d).unwrap_or(c))).collect::<String>()),
    }
}

/// Poisha as taka without a currency sign, grouped by thousands ("1,234.50", "-0.05"), as a
/// spreadsheet cell shows an amount.
pub fn amount(poisha: i64) -> String {
    let sign = if poisha < 0 { "-" } else { "" };
    let p = poisha.unsigned_abs();
    let whole = (p / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}.{:02}", p % 100)
}

/// The message for an error code, with `{n}` replaced by `param`.
pub fn message(code: &str, lang: Lang, param: Option<usize>) -> String {
    let (en, bn) = text(code);
    let template = if lang == Lang::Bn { bn } else { en };
    match param {
        Some(n) => template.replace("{n}", &number(n, lang)),
        None => template.to_owned(),
    }
}

/// Why a permission map refused a call: "Your role may not edit courses."
pub fn refusal(module: Module, action: Action, lang: Lang) -> String {
    let (module_en, module_bn) = match module {
        Module::Dashboard => ("the dashboard", "ড্যাশবোর্ড"),
        Module::Course => ("courses", "কোর্স"),
        Module::Classroom => ("classrooms", "ক্লাসরুম"),
        Module::Content => ("the content bank", "কনটেন্ট ব্যাংক"),
        Module::Exam => ("exams", "পরীক্ষা"),
        Module::QuestionBank => ("the question bank", "প্রশ্ন ব্যাংক"),
        Module::Training => ("trainings", "প্রশিক্ষণ"),
        Module::Event => ("events", "ইভেন্ট"),
        Module::Accounts => ("payments and accounts", "পেমেন্ট ও হিসাব"),
        Module::Promotion => ("promotions", "প্রমোশন"),
        Module::Publishing => ("blogs and tutorials", "ব্লগ ও টিউটোরিয়াল"),
        Module::Reports => ("reports", "রিপোর্ট"),
        Module::Users => ("users", "ব্যবহারকারী"),
        Module::Roles => ("roles", "ভূমিকা"),
        Module::Activity => ("the activity log", "কার্যক্রমের লগ"),
        Module::Settings => ("settings", "সেটিংস"),
        Module::Partners => ("partners", "পার্টনার"),
    };
    let (action_en, action_bn) = match action {
        Action::View => ("view", "দেখা"),
        Action::Create => ("create", "তৈরি করা"),
        Action::Edit => ("edit", "সম্পাদনা করা"),
        Action::Delete => ("delete", "মুছে ফেলা"),
    };
    match lang {
        Lang::En => format!("Your role may not {action_en} {module_en}."),
        Lang::Bn => format!("আপনার ভূমিকায় {module_bn} {action_bn}র অনুমতি নেই।"),
    }
}

fn text(code: &str) -> (&'static str, &'static str) {
    match code {
        "validation_failed" => ("The given data was invalid.", "প্রদত্ত তথ্য সঠিক নয়।"),
        "required" => ("This field is required.", "এই ঘরটি পূরণ করা আবশ্যক।"),
        "too_long" => ("Must be at most {n} characters.", "সর্বোচ্চ {n} অক্ষর হতে পারে।"),
        "too_short" => ("Must be at least {n} characters.", "কমপক্ষে {n} অক্ষর হতে হবে।"),
        "invalid_type" => ("This value has the wrong type.", "এই মানটির ধরন সঠিক নয়।"),
        "invalid_json" => ("The request body is not valid JSON.", "অনুরোধের বডি সঠিক JSON নয়।"),
        "invalid_query" => ("A query parameter is invalid.", "একটি কুয়েরি প্যারামিটার সঠিক নয়।"),
        "invalid_email" => ("Enter a valid e-mail address.", "একটি সঠিক ই-মেইল ঠিকানা দিন।"),
        "invalid_phone" => (
            "Enter a valid Bangladeshi mobile number (01XXXXXXXXX).",
            "একটি সঠিক বাংলাদেশি মোবাইল নম্বর দিন (০১XXXXXXXXX)।",
        ),
        "password_too_short" => (
            "The password must be at least {n} characters.",
            "পাসওয়ার্ড কমপক্ষে {n} অক্ষরের হতে হবে।",
        ),
        "password_common" => (
            "This password is too common or too close to your name or address. Choose another.",
            "এই পাসওয়ার্ডটি খুব প্রচলিত, অথবা আপনার নাম বা ঠিকানার খুব কাছাকাছি। অন্য একটি বেছে নিন।",
        ),
        "password_mismatch" => ("The two passwords do not match.", "দুটি পাসওয়ার্ড মেলেনি।"),
        "reset_link_invalid" => (
            "This reset link has expired or was already used. Ask for a new one.",
            "এই রিসেট লিংকটির মেয়াদ শেষ হয়েছে অথবা এটি আগেই ব্যবহার করা হয়েছে। নতুন একটি লিংক চেয়ে নিন।",
        ),
        "birth_date_out_of_range" => (
            "Enter a date of birth in the past, from 1900 on.",
            "১৯০০ সাল বা তার পরের, অতীতের একটি জন্মতারিখ দিন।",
        ),
        "phone_missing" => ("The account has no mobile number.", "অ্যাকাউন্টটিতে কোনো মোবাইল নম্বর নেই।"),
        "invalid_teacher_id" => ("Enter the ID in digits only, 4 to 20 of them.", "আইডিটি শুধু অঙ্কে লিখুন, ৪ থেকে ২০টি অঙ্ক।"),
        "invalid_birth_date" => ("Enter the date of birth as DD/MM/YYYY.", "জন্মতারিখ DD/MM/YYYY আকারে লিখুন।"),
        "too_young" => ("A teacher or officer must be at least 18 years old.", "শিক্ষক বা কর্মকর্তার বয়স কমপক্ষে ১৮ বছর হতে হবে।"),
        "registry_unavailable" => (
            "The teacher registry is not answering. Please try again in a few minutes.",
            "শিক্ষক তথ্যভান্ডার এখন সাড়া দিচ্ছে না। কয়েক মিনিট পর আবার চেষ্টা করুন।",
        ),
        "teacher_already_verified" => ("This account is already verified as a teacher.", "এই অ্যাকাউন্টটি আগেই শিক্ষক হিসেবে যাচাই করা হয়েছে।"),
        "teacher_phone_missing" => (
            "The registry holds no mobile number for this ID, so no code can be sent. Ask your office to add one.",
            "তথ্যভান্ডারে এই আইডির কোনো মোবাইল নম্বর নেই, তাই কোড পাঠানো যাচ্ছে না। আপনার দপ্তরকে নম্বর যোগ করতে বলুন।",
        ),
        "otp_wrong" => ("This code is not right. Check the text message and try again.", "কোডটি সঠিক নয়। এসএমএসটি দেখে আবার চেষ্টা করুন।"),
        "otp_expired" => (
            "This code has expired or was already used. Ask for a new one.",
            "এই কোডের মেয়াদ শেষ হয়েছে অথবা এটি আগেই ব্যবহার করা হয়েছে। নতুন কোড চেয়ে নিন।",
        ),
        "otp_too_many_tries" => (
            "Too many wrong codes. Ask for a new one.",
            "অনেকবার ভুল কোড দেওয়া হয়েছে। নতুন কোড চেয়ে নিন।",
        ),
        "current_password_wrong" => ("This is not your current password.", "এটি আপনার বর্তমান পাসওয়ার্ড নয়।"),
        "verification_link_invalid" => (
            "This verification link has expired or was already used.",
            "এই যাচাই লিংকটির মেয়াদ শেষ হয়েছে অথবা এটি আগেই ব্যবহার করা হয়েছে।",
        ),
        "sso_state_invalid" => (
            "This sign-in has expired or was already used. Please start again.",
            "এই প্রবেশের মেয়াদ শেষ হয়েছে অথবা এটি আগেই ব্যবহার করা হয়েছে। অনুগ্রহ করে আবার শুরু করুন।",
        ),
        "sso_link_invalid" => (
            "This link to your account has expired or was already used. Sign in with the provider again.",
            "আপনার অ্যাকাউন্টে যুক্ত করার এই সুযোগের মেয়াদ শেষ হয়েছে অথবা এটি আগেই ব্যবহার করা হয়েছে। আবার সেবাদাতার মাধ্যমে প্রবেশ করুন।",
        ),
        "sso_contact_missing" => (
            "The provider gave no verified e-mail address or mobile number, so no account can be made. Register here instead.",
            "সেবাদাতা কোনো যাচাই করা ই-মেইল ঠিকানা বা মোবাইল নম্বর দেয়নি, তাই অ্যাকাউন্ট খোলা যাচ্ছে না। এখানে নিবন্ধন করুন।",
        ),
        "sso_rejected" => ("The provider could not confirm who you are. Please try again.", "সেবাদাতা আপনার পরিচয় নিশ্চিত করতে পারেনি। অনুগ্রহ করে আবার চেষ্টা করুন।"),
        "sso_unavailable" => (
            "The provider is not answering. Please try again in a moment.",
            "সেবাদাতা এখন সাড়া দিচ্ছে না। একটু পরে আবার চেষ্টা করুন।",
        ),
        "sso_provider_unknown" => ("This sign-in is not offered here.", "এখানে এভাবে প্রবেশের ব্যবস্থা নেই।"),
        "identity_taken" => (
            "This sign-in is already linked to another account.",
            "এই প্রবেশপথটি ইতিমধ্যে অন্য একটি অ্যাকাউন্টে যুক্ত আছে।",
        ),
        "last_way_in" => (
            "Set a password first: this is the only way into your account.",
            "আগে একটি পাসওয়ার্ড ঠিক করুন: এটিই আপনার অ্যাকাউন্টে প্রবেশের একমাত্র পথ।",
        ),
        "logout_token_invalid" => ("The logout token failed its checks.", "লগআউট টোকেনটি যাচাইয়ে উত্তীর্ণ হয়নি।"),
        "audience_empty" => ("This message would reach nobody: widen the audience.", "এই বার্তা কারও কাছে পৌঁছাবে না: প্রাপক বাড়ান।"),
        "already_finished" => ("This message has already finished.", "এই বার্তা পাঠানো আগেই শেষ হয়েছে।"),
        "in_the_past" => ("Choose a time in the future.", "ভবিষ্যতের একটি সময় বেছে নিন।"),
        "sms_too_long" => ("An SMS may have at most {n} parts.", "একটি এসএমএস সর্বোচ্চ {n} অংশের হতে পারে।"),
        "already_verified" => ("This e-mail address is already verified.", "এই ই-মেইল ঠিকানাটি আগেই যাচাই করা হয়েছে।"),
        "email_missing" => ("The account has no e-mail address.", "অ্যাকাউন্টটিতে কোনো ই-মেইল ঠিকানা নেই।"),
        "invalid_subdomain" => (
            "Use 3 to 30 letters a-z, digits or hyphens, not starting or ending with a hyphen.",
            "৩ থেকে ৩০টি a-z অক্ষর, সংখ্যা বা হাইফেন ব্যবহার করুন; শুরুতে বা শেষে হাইফেন নয়।",
        ),
        "reserved_subdomain" => ("This subdomain is reserved.", "এই সাবডোমেইনটি সংরক্ষিত।"),
        "subdomain_taken" => ("This subdomain is already taken.", "এই সাবডোমেইনটি ইতিমধ্যে নেওয়া হয়েছে।"),
        "email_taken" => ("An account with this e-mail already exists.", "এই ই-মেইলে ইতিমধ্যে একটি অ্যাকাউন্ট আছে।"),
        "phone_taken" => (
            "An account with this phone number already exists.",
            "এই ফোন নম্বরে ইতিমধ্যে একটি অ্যাকাউন্ট আছে।",
        ),
        "invalid_choice" => ("Choose one of the offered values.", "প্রদত্ত বিকল্পগুলোর একটি বেছে নিন।"),
        "placeholder_unknown" => (
            "This text uses a placeholder this e-mail does not have: use only the ones listed.",
            "এই লেখায় এমন একটি প্লেসহোল্ডার আছে যা এই ই-মেইলে নেই: শুধু তালিকার প্লেসহোল্ডারগুলো ব্যবহার করুন।",
        ),
        "placeholder_missing" => (
            "Keep {link} in the text, on a paragraph of its own for a button: without it the e-mail cannot do its job.",
            "লেখায় {link} রাখুন, বোতামের জন্য আলাদা অনুচ্ছেদে: এটি ছাড়া ই-মেইলটি কাজ করবে না।",
        ),
        "upazila_not_in_district" => ("Choose an upazila of the chosen district.", "বেছে নেওয়া জেলার একটি উপজেলা বেছে নিন।"),
        "invalid_colour" => ("Enter a colour as #rrggbb.", "রঙ #rrggbb আকারে দিন।"),
        "invalid_photo" => ("Upload a JPEG, PNG, GIF or WebP photo.", "JPEG, PNG, GIF বা WebP ছবি আপলোড করুন।"),
        "invalid_image" => ("Upload a PNG, JPEG or WebP image.", "PNG, JPEG বা WebP ছবি আপলোড করুন।"),
        "image_too_large" => ("The image must be at most {n} KB.", "ছবি সর্বোচ্চ {n} KB হতে পারে।"),
        "too_many" => ("At most {n} items are allowed.", "সর্বোচ্চ {n}টি আইটেম দেওয়া যায়।"),
        "invalid_domain" => (
            "Enter a domain name such as learn.example.edu.bd (not a subdomain of this platform).",
            "learn.example.edu.bd-এর মতো একটি ডোমেইন দিন (এই প্ল্যাটফর্মের সাবডোমেইন নয়)।",
        ),
        "domain_taken" => ("This domain is already in use.", "এই ডোমেইনটি ইতিমধ্যে ব্যবহৃত হচ্ছে।"),
        "unauthenticated" => ("Please sign in first.", "অনুগ্রহ করে আগে লগইন করুন।"),
        "invalid_credentials" => (
            "The e-mail/phone or password is incorrect.",
            "ই-মেইল/ফোন বা পাসওয়ার্ড সঠিক নয়।",
        ),
        "forbidden" => ("You are not allowed to do this.", "আপনার এটি করার অনুমতি নেই।"),
        "not_found" => ("This could not be found.", "এটি খুঁজে পাওয়া যায়নি।"),
        "title_required" => ("Give a title in Bangla or English.", "বাংলা বা ইংরেজিতে একটি শিরোনাম দিন।"),
        "invalid_category" => ("Choose a valid category.", "একটি সঠিক ক্যাটাগরি বেছে নিন।"),
        "invalid_url" => ("Enter a valid http(s) link.", "একটি সঠিক http(s) লিংক দিন।"),
        "duration_not_hms" => ("Enter the duration as HH:mm:ss, for example 01:30:00.", "সময়কাল HH:mm:ss আকারে দিন, যেমন 01:30:00।"),
        "duration_not_hm" => ("Enter the duration as hours:minutes, for example 1:30.", "সময়কাল ঘণ্টা:মিনিট আকারে দিন, যেমন 1:30।"),
        "content_in_use" => ("A course lesson uses this content; remove that lesson first.", "একটি কোর্সের পাঠ এই কনটেন্ট ব্যবহার করছে; আগে সেই পাঠটি সরান।"),
        "content_has_learners" => ("Learners are enrolled in this content: unpublish it instead of deleting it.", "এই কনটেন্টে শিক্ষার্থীরা ভর্তি আছেন: মুছে না ফেলে অপ্রকাশিত করুন।"),
        "content_not_started" => ("This content opens for enrolment on its start date.", "শুরুর তারিখ থেকে এই কনটেন্টে ভর্তি হওয়া যাবে।"),
        "content_empty" => ("This content has no parts yet.", "এই কনটেন্টে এখনো কোনো অংশ নেই।"),
        "previous_part_incomplete" => ("Finish the earlier parts first.", "আগে আগের অংশগুলো শেষ করুন।"),
        "file_in_use" => ("Content in the content bank uses this file; remove it from there first.", "কনটেন্ট ব্যাংকের একটি কনটেন্ট এই ফাইলটি ব্যবহার করছে; আগে সেখান থেকে সরান।"),
        "still_a_draft" => ("This is still a draft: its writer has not submitted it yet.", "এটি এখনো খসড়া: লেখক এখনো জমা দেননি।"),
        "not_published" => ("Only a published post can be unpublished.", "শুধু প্রকাশিত লেখা অপ্রকাশিত করা যায়।"),
        "invalid_date" => ("Enter a valid date (YYYY-MM-DD).", "একটি সঠিক তারিখ দিন (YYYY-MM-DD)।"),
        "end_before_start" => ("The end date must not be before the start date.", "শেষের তারিখ শুরুর তারিখের আগে হতে পারে না।"),
        "date_range_too_long" => ("Choose at most {n} days.", "সর্বোচ্চ {n} দিন বেছে নিন।"),
        "invalid_limit" => ("Enter a whole number of at least 1.", "কমপক্ষে ১ এর একটি পূর্ণ সংখ্যা দিন।"),
        "invalid_lesson_type" => ("Choose a valid lesson type.", "একটি সঠিক পাঠের ধরন বেছে নিন।"),
        "lesson_type_not_available" => (
            "This lesson type comes with the assessment features and is not available yet.",
            "এই ধরনের পাঠ মূল্যায়ন ফিচারের সাথে আসবে; এখনো চালু হয়নি।",
        ),
        "invalid_file" => ("This file type is not allowed or the file is too large.", "এই ধরনের ফাইল অনুমোদিত নয় বা ফাইলটি খুব বড়।"),
        "file_too_large" => ("The file is larger than 2 GB.", "ফাইলটি ২ GB-এর চেয়ে বড়।"),
        "file_type_mismatch" => ("This file is not of the type you chose.", "ফাইলটি আপনার বেছে নেওয়া ধরনের নয়।"),
        "folder_needs_cropper" => (
            "The profile and cover folders take only cropped pictures.",
            "প্রোফাইল ও কভার ফোল্ডারে শুধু ক্রপ করা ছবি রাখা যায়।",
        ),
        "quota_exceeded" => ("The site's storage is full: this file does not fit.", "সাইটের স্টোরেজ পূর্ণ: এই ফাইলটি আর জায়গা পাবে না।"),
        "upload_part_invalid" => ("This part of the file is not the expected size. Try the upload again.", "ফাইলের এই অংশটি প্রত্যাশিত আকারের নয়। আবার আপলোড করুন।"),
        "parts_missing" => ("Some parts of the file have not arrived yet.", "ফাইলের কিছু অংশ এখনো পৌঁছায়নি।"),
        "folder_name_taken" => ("A folder of this name is already here.", "এই নামের একটি ফোল্ডার এখানে আগেই আছে।"),
        "folder_fixed" => ("The profile and cover folders cannot be renamed or deleted.", "প্রোফাইল ও কভার ফোল্ডারের নাম বদলানো বা মুছে ফেলা যায় না।"),
        "not_a_stored_file" => ("A link cannot be downloaded; open it instead.", "লিংক ডাউনলোড করা যায় না; খুলে দেখুন।"),
        "not_a_colleague" => (
            "Share only with admins and teachers of this site, by their e-mail or mobile number.",
            "শুধু এই সাইটের অ্যাডমিন ও শিক্ষকদের সাথে, তাঁদের ই-মেইল বা মোবাইল নম্বর দিয়ে শেয়ার করুন।",
        ),
        "invalid_order" => ("The new order must list exactly this course's sections and lessons.", "নতুন ক্রমে এই কোর্সের সব সেকশন ও পাঠ ঠিক একবার থাকতে হবে।"),
        "question_text_required" => ("Write the question in Bangla or English.", "বাংলা বা ইংরেজিতে প্রশ্নটি লিখুন।"),
        "invalid_marks" => ("Marks must be more than 0 and at most 1000.", "নম্বর ০-এর বেশি এবং সর্বোচ্চ ১০০০ হতে হবে।"),
        "invalid_negative_marks" => (
            "Negative marks must be from 0 up to the question's marks.",
            "নেগেটিভ নম্বর ০ থেকে প্রশ্নের নম্বর পর্যন্ত হতে পারে।",
        ),
        "too_few_options" => ("Give at least {n} options.", "অন্তত {n}টি বিকল্প দিন।"),
        "no_correct_option" => ("Mark at least one option as correct.", "অন্তত একটি সঠিক উত্তর চিহ্নিত করুন।"),
        "one_correct_option" => ("Mark exactly one option as correct.", "ঠিক একটি বিকল্পকে সঠিক চিহ্নিত করুন।"),
        "blank_without_answer" => ("Give at least one accepted answer for this blank.", "এই শূন্যস্থানের জন্য অন্তত একটি গ্রহণযোগ্য উত্তর দিন।"),
        "gap_count_mismatch" => (
            "The text must mark each of the {n} blanks with ___ (three underscores).",
            "লেখায় {n}টি শূন্যস্থানের প্রতিটি ___ (তিনটি আন্ডারস্কোর) দিয়ে চিহ্নিত করুন।",
        ),
        "invalid_answer_date" => ("Enter the answer as a date DD/MM/YYYY.", "উত্তরটি DD/MM/YYYY তারিখ হিসেবে দিন।"),
        "invalid_answer_time" => ("Enter the answer as a time HH:MM (24-hour).", "উত্তরটি HH:MM (২৪ ঘণ্টা) সময় হিসেবে দিন।"),
        "folder_inside_itself" => ("A folder cannot be moved into itself or one of its subfolders.", "কোনো ফোল্ডারকে তার নিজের বা তার উপ-ফোল্ডারের ভেতরে সরানো যায় না।"),
        "invalid_window" => ("The exam must end after it starts.", "পরীক্ষা শুরুর পরেই শেষ হতে হবে।"),
        "invalid_duration" => ("The duration must be from 1 to 1440 minutes.", "সময়কাল ১ থেকে ১৪৪০ মিনিটের মধ্যে হতে হবে।"),
        "invalid_attempts" => ("Attempts must be from 1 to 100.", "চেষ্টার সংখ্যা ১ থেকে ১০০ এর মধ্যে হতে হবে।"),
        "invalid_pass_percent" => ("The pass mark must be from 0 to 100 percent.", "পাস নম্বর ০ থেকে ১০০ শতাংশের মধ্যে হতে হবে।"),
        "invalid_grace" => ("The grace period must be from 0 to 3600 seconds.", "অতিরিক্ত সময় ০ থেকে ৩৬০০ সেকেন্ডের মধ্যে হতে হবে।"),
        "no_parts" => ("Add at least one question to the exam.", "পরীক্ষায় অন্তত একটি প্রশ্ন যোগ করুন।"),
        "invalid_part" => ("Each part is either one question or a number of questions picked from a folder.", "প্রতিটি অংশ হয় একটি প্রশ্ন, নয়তো একটি ফোল্ডার থেকে বাছাই করা কয়েকটি প্রশ্ন।"),
        "invalid_pick" => ("Pick at least one question from the folder.", "ফোল্ডার থেকে অন্তত একটি প্রশ্ন বাছাই করুন।"),
        "pick_exceeds_folder" => ("The folder has only {n} questions.", "ফোল্ডারটিতে মাত্র {n}টি প্রশ্ন আছে।"),
        "folder_in_use" => (
            "An exam picks questions from this folder. Remove it from the exam first.",
            "একটি পরীক্ষা এই ফোল্ডার থেকে প্রশ্ন নেয়। আগে পরীক্ষা থেকে ফোল্ডারটি সরিয়ে দিন।",
        ),
        "date_out_of_range" => ("Choose a date from the year 2000 to 2099.", "২০০০ থেকে ২০৯৯ সালের মধ্যে একটি তারিখ বেছে নিন।"),
        "invalid_moodle_xml" => ("This is not a Moodle XML question file.", "এটি Moodle XML প্রশ্ন ফাইল নয়।"),
        "invalid_csv" => ("This CSV file could not be read.", "এই CSV ফাইলটি পড়া যায়নি।"),
        "invalid_xlsx" => ("This Excel file could not be read; save it as .xlsx and try again.", "এই Excel ফাইলটি পড়া যায়নি; .xlsx হিসেবে সংরক্ষণ করে আবার চেষ্টা করুন।"),
        "csv_header_missing" => (
            "The first row must name the columns, at least type and text (or text_bn).",
            "প্রথম সারিতে কলামের নাম থাকতে হবে, অন্তত type এবং text (বা text_bn)।",
        ),
        "no_questions_in_file" => ("The file has no questions.", "ফাইলটিতে কোনো প্রশ্ন নেই।"),
        "unsupported_cloze" => ("Only short-answer gaps can be imported from a cloze question.", "ক্লোজ প্রশ্ন থেকে শুধু সংক্ষিপ্ত উত্তরের শূন্যস্থান আনা যায়।"),
        "invalid_number" => ("Enter a number.", "একটি সংখ্যা লিখুন।"),
        "exam_not_found" => ("This exam does not exist.", "এই পরীক্ষাটি নেই।"),
        "exam_required" => ("Choose the exam learners take in this lesson.", "এই পাঠে শিক্ষার্থীরা কোন পরীক্ষা দেবে তা বেছে নিন।"),
        "exam_in_use" => (
            "A course lesson uses this exam; remove it from the lesson first.",
            "একটি কোর্সের পাঠে এই পরীক্ষাটি ব্যবহার হচ্ছে; আগে পাঠ থেকে সরিয়ে নিন।",
        ),
        "quiz_not_attempted" => ("Take and submit this lesson's quiz first.", "আগে এই পাঠের কুইজটি দিয়ে জমা দিন।"),
        "exam_not_open" => ("This exam has not started yet.", "এই পরীক্ষা এখনো শুরু হয়নি।"),
        "exam_closed" => ("This exam has closed.", "এই পরীক্ষা শেষ হয়ে গেছে।"),
        "attempts_exhausted" => ("You have used all your attempts at this exam.", "এই পরীক্ষায় আপনার সব সুযোগ শেষ হয়ে গেছে।"),
        "attempt_not_found" => ("This attempt does not exist.", "এই পরীক্ষার চেষ্টাটি নেই।"),
        "attempt_closed" => ("This attempt is closed; answers can no longer change.", "এই চেষ্টাটি বন্ধ হয়ে গেছে; উত্তর আর বদলানো যাবে না।"),
        "attempt_open" => ("Submit the attempt to see its result.", "ফলাফল দেখতে আগে উত্তরপত্র জমা দিন।"),
        "attempt_deadline_passed" => (
            "The time for this attempt is over. It was closed with the answers saved before the deadline.",
            "এই পরীক্ষার সময় শেষ। সময়সীমার আগে সংরক্ষিত উত্তরগুলো নিয়ে এটি বন্ধ করা হয়েছে।",
        ),
        "invalid_answer" => ("This answer does not fit the question.", "এই উত্তরটি প্রশ্নের সাথে মেলে না।"),
        "invalid_awarded_marks" => ("Marks must be from 0 to the question's marks.", "নম্বর ০ থেকে প্রশ্নের পূর্ণ নম্বরের মধ্যে হতে হবে।"),
        "not_for_manual_marking" => ("This answer is not one a teacher marks.", "এই উত্তরটি শিক্ষকের মূল্যায়নের জন্য নয়।"),
        "invalid_rating" => ("The rating must be from 1 to 5.", "রেটিং ১ থেকে ৫ এর মধ্যে হতে হবে।"),
        "course_has_no_lessons" => ("Add at least one lesson before publishing.", "প্রকাশের আগে অন্তত একটি পাঠ যোগ করুন।"),
        "course_has_enrolments" => ("Learners are enrolled in this course; it cannot be deleted.", "এই কোর্সে শিক্ষার্থী ভর্তি আছে; এটি মুছে ফেলা যাবে না।"),
        "batch_has_enrolments" => ("Learners are enrolled in this batch; it cannot be deleted.", "এই ব্যাচে শিক্ষার্থী ভর্তি আছে; এটি মুছে ফেলা যাবে না।"),
        "batch_not_found" => ("This batch does not exist.", "এই ব্যাচটি নেই।"),
        "batch_closed" => ("This batch is not open for enrolment.", "এই ব্যাচে এখন ভর্তি হওয়া যাবে না।"),
        "batch_full" => ("This batch is full.", "এই ব্যাচের সব আসন পূর্ণ।"),
        "batch_restricted" => (
            "Only invited candidates may enrol in this batch, each through the link they were sent.",
            "এই ব্যাচে শুধু আমন্ত্রিত পরীক্ষার্থীরা ভর্তি হতে পারেন, প্রত্যেকে তাঁকে পাঠানো লিংক দিয়ে।",
        ),
        "batch_not_restricted" => (
            "Candidates are listed only for a restricted batch; mark the batch restricted first.",
            "শুধু সংরক্ষিত ব্যাচের জন্য পরীক্ষার্থী তালিকা করা যায়; আগে ব্যাচটি সংরক্ষিত করুন।",
        ),
        "candidate_exists" => (
            "This e-mail or mobile number is already on the batch's list.",
            "এই ই-মেইল বা মোবাইল নম্বর ইতিমধ্যে ব্যাচের তালিকায় আছে।",
        ),
        "candidate_enrolled" => (
            "This candidate has already enrolled through their link and cannot be removed.",
            "এই পরীক্ষার্থী তাঁর লিংক দিয়ে ইতিমধ্যে ভর্তি হয়েছেন; তাঁকে সরানো যাবে না।",
        ),
        "candidates_header_missing" => (
            "The first row must name the columns: name, email, phone.",
            "প্রথম সারিতে কলামের নাম থাকতে হবে: name, email, phone।",
        ),
        "no_rows_in_file" => ("The file has no rows under its header.", "ফাইলটিতে শিরোনামের নিচে কোনো সারি নেই।"),
        "contact_required" => ("Give an e-mail address or a mobile number.", "একটি ই-মেইল ঠিকানা বা মোবাইল নম্বর দিন।"),
        "unsubscribe_link_invalid" => (
            "This unsubscribe link is not valid on this site.",
            "এই সাইটে আনসাবস্ক্রাইব লিংকটি সঠিক নয়।",
        ),
        "no_address" => ("You have no address for this channel.", "এই মাধ্যমের জন্য আপনার কোনো ঠিকানা নেই।"),
        "push_unavailable" => ("This site does not send browser notifications.", "এই সাইট ব্রাউজারে বিজ্ঞপ্তি পাঠায় না।"),
        "push_service_unknown" => (
            "This browser's notification service is not one this site can reach.",
            "এই ব্রাউজারের বিজ্ঞপ্তি সেবায় এই সাইট পৌঁছাতে পারে না।",
        ),
        "push_key_invalid" => ("The browser's notification key is not valid.", "ব্রাউজারের বিজ্ঞপ্তি কী সঠিক নয়।"),
        "push_subscription_unknown" => (
            "This site has no such browser subscription. Turn notifications on again in your settings.",
            "এই সাইটে এমন কোনো ব্রাউজার সাবস্ক্রিপশন নেই। সেটিংসে আবার বিজ্ঞপ্তি চালু করুন।",
        ),
        "account_not_on_device" => (
            "That account is no longer signed in on this device. Sign in to it again.",
            "ওই অ্যাকাউন্টটি এই ডিভাইসে আর সাইন ইন করা নেই। আবার সাইন ইন করুন।",
        ),
        "device_accounts_full" => (
            "This device already has 5 accounts signed in. Sign out first to add another.",
            "এই ডিভাইসে ইতিমধ্যে ৫টি অ্যাকাউন্ট সাইন ইন করা আছে। আরেকটি যোগ করতে আগে সাইন আউট করুন।",
        ),
        "invitation_not_found" => (
            "This invitation link is not valid. Ask the institution for a new one.",
            "এই আমন্ত্রণ লিংকটি সঠিক নয়। প্রতিষ্ঠানের কাছে নতুন লিংক চান।",
        ),
        "invitation_used" => (
            "This invitation has already been used by another account.",
            "এই আমন্ত্রণটি ইতিমধ্যে অন্য একটি অ্যাকাউন্ট ব্যবহার করেছে।",
        ),
        "exam_not_passed" => (
            "You did not pass this exam. Try again if you have attempts left.",
            "আপনি এই পরীক্ষায় উত্তীর্ণ হননি। সুযোগ বাকি থাকলে আবার চেষ্টা করুন।",
        ),
        "exam_awaiting_marking" => (
            "Your answers are waiting for a teacher to mark them; this part completes once you pass.",
            "আপনার উত্তর শিক্ষকের মূল্যায়নের অপেক্ষায় আছে; উত্তীর্ণ হলে এই অংশটি সম্পন্ন হবে।",
        ),
        "template_in_use" => (
            "A batch or an issued certificate uses this template; it cannot be deleted.",
            "একটি ব্যাচ বা প্রদত্ত সনদ এই টেমপ্লেট ব্যবহার করছে; এটি মুছে ফেলা যাবে না।",
        ),
        "already_enrolled" => ("You are already enrolled in this course.", "আপনি ইতিমধ্যে এই কোর্সে ভর্তি হয়েছেন।"),
        "price_invalid" => ("Enter the price in taka, such as 1500 or 1500.50.", "টাকায় মূল্য লিখুন, যেমন ১৫০০ বা ১৫০০.৫০।"),
        "batch_free" => ("This batch is free: enrol without paying.", "এই ব্যাচটি বিনামূল্যের: টাকা ছাড়াই ভর্তি হন।"),
        "payment_required" => ("This batch is paid: buy a seat to enrol.", "এই ব্যাচটি টাকার বিনিময়ে: ভর্তি হতে আসন কিনুন।"),
        "payment_gateway_unavailable" => (
            "The payment gateway cannot be reached right now. Nothing was charged; please try again in a few minutes.",
            "এই মুহূর্তে পেমেন্ট গেটওয়েতে পৌঁছানো যাচ্ছে না। কোনো টাকা কাটা হয়নি; কয়েক মিনিট পরে আবার চেষ্টা করুন।",
        ),
        "payments_not_configured" => ("Payments are not set up on this platform yet.", "এই প্ল্যাটফর্মে এখনো পেমেন্ট চালু করা হয়নি।"),
        "order_not_found" => ("This payment does not exist.", "এই পেমেন্টটি নেই।"),
        "order_not_pending" => ("This payment is no longer waiting, so it cannot be cancelled.", "এই পেমেন্টটি আর অপেক্ষমাণ নেই, তাই বাতিল করা যাবে না।"),
        "order_not_in_review" => ("This payment is not waiting for review.", "এই পেমেন্টটি যাচাইয়ের অপেক্ষায় নেই।"),
        "payment_not_confirmed" => ("The gateway did not confirm this payment.", "গেটওয়ে এই পেমেন্ট নিশ্চিত করেনি।"),
        "payment_already_used" => ("This gateway payment has already paid for another order.", "গেটওয়ের এই পেমেন্ট দিয়ে আগেই অন্য একটি অর্ডার পরিশোধ হয়েছে।"),
        "payment_in_review" => (
            "Your payment for this course is being checked; you will be enrolled once it is accepted.",
            "এই কোর্সের জন্য আপনার পেমেন্ট যাচাই করা হচ্ছে; গৃহীত হলেই আপনি ভর্তি হবেন।",
        ),
        "amount_invalid" => ("Enter an amount in taka greater than zero.", "শূন্যের বেশি টাকার অঙ্ক লিখুন।"),
        "payout_above_balance" => ("This is more than the site can ask for now.", "সাইটটি এখন এর চেয়ে বেশি চাইতে পারে না।"),
        "payout_not_requested" => ("This payout request is no longer waiting.", "এই পেআউট অনুরোধটি আর অপেক্ষমাণ নেই।"),
        "coupon_not_found" => ("There is no such coupon on this site.", "এই সাইটে এমন কোনো কুপন নেই।"),
        "coupon_expired" => ("This coupon is not valid today.", "এই কুপনটি আজ বৈধ নয়।"),
        "coupon_not_for_course" => ("This coupon is not for this course.", "এই কুপনটি এই কোর্সের জন্য নয়।"),
        "coupon_used_up" => ("This coupon has been used up.", "এই কুপনের ব্যবহার শেষ হয়ে গেছে।"),
        "coupon_code_invalid" => (
            "A coupon code has 3 to 32 letters, digits, - or _.",
            "কুপন কোডে ৩ থেকে ৩২টি ইংরেজি অক্ষর, সংখ্যা, - বা _ থাকবে।",
        ),
        "coupon_code_taken" => ("Another coupon of this site has this code.", "এই সাইটের আরেকটি কুপনে এই কোড আছে।"),
        "age_invalid" => ("Give an age from 0 to 120.", "০ থেকে ১২০ এর মধ্যে বয়স দিন।"),
        "age_range_invalid" => ("The upper age must not be below the lower one.", "সর্বোচ্চ বয়স সর্বনিম্ন বয়সের কম হতে পারে না।"),
        "store_id_invalid" => ("A store id has only letters, digits, - or _.", "স্টোর আইডিতে শুধু ইংরেজি অক্ষর, সংখ্যা, - বা _ থাকবে।"),
        "identifier_invalid" => ("Only letters, digits, - or _ can be used here.", "এখানে শুধু ইংরেজি অক্ষর, সংখ্যা, - বা _ ব্যবহার করা যাবে।"),
        "store_credentials_refused" => (
            "SSLCommerz did not accept this store id and password.",
            "SSLCommerz এই স্টোর আইডি ও পাসওয়ার্ড গ্রহণ করেনি।",
        ),
        "wallet_credentials_refused" => (
            "bKash did not accept this username, password, app key and app secret.",
            "bKash এই ইউজারনেম, পাসওয়ার্ড, অ্যাপ কি ও অ্যাপ সিক্রেট গ্রহণ করেনি।",
        ),
        "merchant_account_missing" => (
            "The store this payment went to is no longer on record.",
            "এই পেমেন্টটি যে স্টোরে গেছে তার তথ্য আর নেই।",
        ),
        "percent_invalid" => ("Give a percentage from 1 to 100.", "১ থেকে ১০০ এর মধ্যে শতাংশ দিন।"),
        "payment_in_progress" => (
            "You have a payment for this course in progress: finish it or cancel it under My payments first.",
            "এই কোর্সের জন্য আপনার একটি পেমেন্ট চলছে: আগে আমার পেমেন্ট থেকে সেটি শেষ বা বাতিল করুন।",
        ),
        "order_not_paid" => ("Only a paid order can be refunded.", "শুধু পরিশোধিত অর্ডারের টাকা ফেরত দেওয়া যায়।"),
        "order_not_refundable" => ("Nothing was paid through a gateway for this order.", "এই অর্ডারের জন্য কোনো গেটওয়েতে টাকা দেওয়া হয়নি।"),
        "refund_above_paid" => ("This is more than is left to refund.", "ফেরত দেওয়ার মতো বাকি টাকার চেয়ে এটি বেশি।"),
        "refund_refused" => ("The gateway refused the refund.", "গেটওয়ে টাকা ফেরত দিতে রাজি হয়নি।"),
        "certificate_issued" => (
            "The learner already has this course's certificate; refund part of the payment instead.",
            "শিক্ষার্থী ইতিমধ্যে এই কোর্সের সনদ পেয়েছেন; এর বদলে পেমেন্টের একটি অংশ ফেরত দিন।",
        ),
        "checkout_in_progress" => ("This purchase is already being started; wait a moment.", "এই কেনাকাটা ইতিমধ্যে শুরু হচ্ছে; একটু অপেক্ষা করুন।"),
        "idempotency_key_invalid" => ("The Idempotency-Key header must be 1 to 100 characters.", "Idempotency-Key হেডার ১ থেকে ১০০ অক্ষরের হতে হবে।"),
        "batch_has_payments" => ("Learners have paid for this batch; it cannot be deleted.", "এই ব্যাচের জন্য শিক্ষার্থীরা টাকা দিয়েছেন; এটি মুছে ফেলা যাবে না।"),
        "not_enrolled" => ("Enrol in this course first.", "আগে এই কোর্সে ভর্তি হন।"),
        "previous_lesson_incomplete" => ("Finish the previous lesson first.", "আগে আগের পাঠটি শেষ করুন।"),
        "already_reviewed" => ("You have already reviewed this course.", "আপনি ইতিমধ্যে এই কোর্সের রিভিউ দিয়েছেন।"),
        "course_not_completed" => ("The learner has not completed this course yet.", "শিক্ষার্থী এখনো কোর্সটি শেষ করেননি।"),
        "user_not_found" => ("No account has this e-mail address.", "এই ই-মেইলে কোনো অ্যাকাউন্ট নেই।"),
        "certificate_not_found" => (
            "No certificate has this tracking code. Check the code and try again.",
            "এই ট্র্যাকিং কোডে কোনো সনদ নেই। কোডটি মিলিয়ে আবার চেষ্টা করুন।",
        ),
        "site_not_found" => ("This site could not be found.", "এই সাইটটি খুঁজে পাওয়া যায়নি।"),
        "profile_not_found" => ("This profile could not be found.", "এই প্রোফাইলটি খুঁজে পাওয়া যায়নি।"),
        "not_requested" => (
            "This institution is not waiting for approval.",
            "এই প্রতিষ্ঠানটি অনুমোদনের অপেক্ষায় নেই।",
        ),
        "invalid_state_change" => (
            "The institution cannot move to that state now.",
            "প্রতিষ্ঠানটি এখন এই অবস্থায় যেতে পারে না।",
        ),
        "too_many_attempts" => (
            "Too many attempts. Please wait a few minutes and try again.",
            "অনেকবার চেষ্টা করা হয়েছে। কয়েক মিনিট পর আবার চেষ্টা করুন।",
        ),
        "service_unavailable" => (
            "The service is busy. Please try again shortly.",
            "সেবাটি এখন ব্যস্ত। একটু পরে আবার চেষ্টা করুন।",
        ),
        "site_read_only" => (
            "This site is moving to a new server and accepts no changes for a moment. Please try again in a few seconds; nothing you saved is lost.",
            "সাইটটি নতুন সার্ভারে সরানো হচ্ছে, তাই কিছুক্ষণ কোনো পরিবর্তন নেওয়া যাচ্ছে না। কয়েক সেকেন্ড পর আবার চেষ্টা করুন; আপনার সংরক্ষিত কিছুই হারায়নি।",
        ),
        "invalid_characters" => (
            "This text contains a character that is not allowed (such as a NUL character).",
            "এই লেখায় অনুমোদিত নয় এমন একটি অক্ষর আছে (যেমন NUL অক্ষর)।",
        ),
        "invalid_form" => ("The request body is not a valid form.", "অনুরোধের বডি সঠিক ফর্ম নয়।"),
        "empty_body" => ("Send at least one field to change.", "পরিবর্তনের জন্য অন্তত একটি ঘর পাঠান।"),
        "payload_too_large" => ("The request is too large.", "অনুরোধটি খুব বড়।"),
        "bad_request" => ("The request is malformed.", "অনুরোধটি সঠিক নয়।"),
        "bad_host" => ("The Host header is malformed.", "Host হেডারটি সঠিক নয়।"),
        "method_not_allowed" => ("This method is not allowed here.", "এখানে এই মেথড অনুমোদিত নয়।"),
        "not_acceptable" => ("This answer is not available in the requested format.", "অনুরোধকৃত ফরম্যাটে এই উত্তর দেওয়া যায় না।"),
        "request_timeout" => ("The request took too long.", "অনুরোধটি অনেক সময় নিয়েছে।"),
        "misdirected_request" => ("This connection was made for another site.", "এই সংযোগটি অন্য একটি সাইটের জন্য তৈরি।"),
        "uri_too_long" => ("The address is too long.", "ঠিকানাটি অনেক লম্বা।"),
        "unsupported_media_type" => ("This content type is not accepted here.", "এখানে এই ধরনের কনটেন্ট গ্রহণ করা হয় না।"),
        "headers_too_large" => ("The request headers are too large.", "অনুরোধের হেডারগুলো অনেক বড়।"),
        "invalid_date_time" => ("Enter a valid date and time.", "একটি সঠিক তারিখ ও সময় দিন।"),
        "ends_before_start" => ("The end must come after the start.", "শেষের সময় শুরুর সময়ের পরে হতে হবে।"),
        "out_of_range" => ("This value is out of the allowed range.", "এই মানটি অনুমোদিত সীমার বাইরে।"),
        "below_registered" => (
            "More people are already registered than this many seats.",
            "এর চেয়ে বেশি মানুষ ইতিমধ্যে নিবন্ধন করেছেন।",
        ),
        "event_full" => ("This event has no seats left.", "এই ইভেন্টে আর কোনো আসন খালি নেই।"),
        "event_ended" => ("This event has ended.", "এই ইভেন্টটি শেষ হয়ে গেছে।"),
        "registration_rejected" => ("Your registration for this event was declined.", "এই ইভেন্টে আপনার নিবন্ধন গ্রহণ করা হয়নি।"),
        "invalid_ticket" => ("This is not a ticket for this event.", "এটি এই ইভেন্টের টিকিট নয়।"),
        "already_checked_in" => ("This ticket has already been checked in.", "এই টিকিটে ইতিমধ্যে প্রবেশ করা হয়েছে।"),
        "not_approved" => ("This registration has not been approved.", "এই নিবন্ধনটি অনুমোদিত হয়নি।"),
        "check_in_closed" => (
            "Check-in opens 12 hours before the event starts and closes when it ends.",
            "ইভেন্ট শুরুর ১২ ঘণ্টা আগে চেক-ইন শুরু হয় এবং ইভেন্ট শেষ হলে বন্ধ হয়।",
        ),
        "not_checked_in" => ("Only people who attended can review this event.", "শুধু যাঁরা ইভেন্টে উপস্থিত ছিলেন তাঁরাই রিভিউ দিতে পারবেন।"),
        "last_teacher" => ("A class keeps at least one teacher; add another teacher first.", "একটি ক্লাসে অন্তত একজন শিক্ষক থাকতে হয়; আগে আরেকজন শিক্ষক যোগ করুন।"),
        "person_exists" => ("This person is already in the class.", "এই ব্যক্তি ইতিমধ্যে ক্লাসে আছেন।"),
        "session_not_open" => (
            "This session can be joined from 15 minutes before it starts until it ends.",
            "এই সেশনে শুরুর ১৫ মিনিট আগে থেকে শেষ হওয়া পর্যন্ত যোগ দেওয়া যায়।",
        ),
        "meeting_not_configured" => (
            "This class's meeting platform is not set up for the site yet; ask the site's admin.",
            "এই ক্লাসের মিটিং প্ল্যাটফর্ম সাইটে এখনো সেট আপ করা হয়নি; সাইটের অ্যাডমিনকে জানান।",
        ),
        "meeting_provider_unavailable" => (
            "The class's meeting service did not answer as expected. Please try again in a minute.",
            "ক্লাসের মিটিং সেবা ঠিকমতো সাড়া দেয়নি। এক মিনিট পরে আবার চেষ্টা করুন।",
        ),
        "meeting_being_prepared" => (
            "The meeting is being set up at the meeting service. Please try again in a few seconds.",
            "মিটিং সেবায় মিটিংটি তৈরি হচ্ছে। কয়েক সেকেন্ড পরে আবার চেষ্টা করুন।",
        ),
        "invalid_signature" => ("This notice is not signed with the site's secret; nothing was changed.", "এই বার্তাটি সাইটের গোপন কী দিয়ে স্বাক্ষরিত নয়; কিছুই বদলানো হয়নি।"),
        "session_in_past" => ("This session would already be over; choose a later time.", "এই সময়ে সেশনটি ইতিমধ্যে শেষ হয়ে যেত; পরের কোনো সময় বেছে নিন।"),
        "not_a_student" => ("This person is not a student of the class.", "এই ব্যক্তি ক্লাসের শিক্ষার্থী নন।"),
        "not_registered" => ("Only registered participants can see this.", "শুধু নিবন্ধিত অংশগ্রহণকারীরা এটি দেখতে পারেন।"),
        "already_added" => ("This file is already among the materials.", "এই ফাইলটি ইতিমধ্যে উপকরণের তালিকায় আছে।"),
        "event_not_ended" => ("You can review this event once it has ended.", "ইভেন্টটি শেষ হলে রিভিউ দিতে পারবেন।"),
        "duplicate" => ("This appears more than once.", "এটি একাধিকবার দেওয়া হয়েছে।"),
        "negative" => ("This cannot be below zero.", "এটি শূন্যের কম হতে পারে না।"),
        "invalid_time" => ("Enter a time as HH:MM.", "সময়টি ঘণ্টা:মিনিট (HH:MM) আকারে দিন।"),
        "outside_batch_dates" => ("The session must fall within the batch's dates.", "সেশনটি ব্যাচের তারিখের মধ্যে হতে হবে।"),
        "trainer_not_found" => ("This trainer is not part of this batch.", "এই প্রশিক্ষক এই ব্যাচের নন।"),
        "trainer_exists" => ("This person is already a trainer of this batch.", "এই ব্যক্তি ইতিমধ্যে এই ব্যাচের প্রশিক্ষক।"),
        "session_not_found" => ("This session does not exist.", "এই সেশনটি নেই।"),
        "session_has_attendance" => (
            "Attendance was taken at this session, so it cannot be deleted.",
            "এই সেশনে হাজিরা নেওয়া হয়েছে, তাই এটি মুছে ফেলা যাবে না।",
        ),
        "not_a_trainee" => ("Some of these people are not trainees of this batch.", "এঁদের কেউ কেউ এই ব্যাচের প্রশিক্ষণার্থী নন।"),
        "meal_plan_exists" => ("This batch already has a plan for this meal.", "এই ব্যাচে এই বেলার খাবারের পরিকল্পনা আগে থেকেই আছে।"),
        "plan_not_found" => ("This meal plan does not exist.", "এই খাবারের পরিকল্পনাটি নেই।"),
        "item_exists" => ("An item with this name already exists.", "এই নামে একটি আইটেম আগে থেকেই আছে।"),
        "item_in_use" => ("A meal plan uses this item; remove it from the plan first.", "একটি খাবারের পরিকল্পনায় এই আইটেমটি আছে; আগে সেখান থেকে সরান।"),
        "item_not_found" => ("This item does not exist.", "এই আইটেমটি নেই।"),
        "logistic_not_found" => ("This logistic item does not exist.", "এই লজিস্টিক সামগ্রীটি নেই।"),
        "unknown_parent" => ("Choose one of the list's items.", "তালিকার একটি আইটেম বেছে নিন।"),
        "in_use" => ("Something still uses this; change that first.", "এটি এখনো কোথাও ব্যবহৃত হচ্ছে; আগে সেটি বদলান।"),
        "teacher_verification_required" => (
            "This course is for verified teachers: verify your teacher ID first.",
            "এই কোর্সটি যাচাই করা শিক্ষকদের জন্য: আগে আপনার শিক্ষক আইডি যাচাই করুন।",
        ),
        "duplicate_upazila" => ("This district already has an upazila with this name.", "এই জেলায় এই নামে আরেকটি উপজেলা আছে।"),
        "registry_not_offered" => ("This site does not verify IDs of that kind.", "এই সাইটে এই ধরনের আইডি যাচাই করা হয় না।"),
        "export_too_large" => (
            "This list is too long to download at once; start an export and download it when it is ready.",
            "তালিকাটি একবারে নামানোর জন্য অনেক বড়; একটি এক্সপোর্ট শুরু করুন এবং তৈরি হলে নামিয়ে নিন।",
        ),
        "too_many_exports" => ("Three exports are already being prepared; wait for one to finish.", "তিনটি এক্সপোর্ট এখনো তৈরি হচ্ছে; একটি শেষ হওয়া পর্যন্ত অপেক্ষা করুন।"),
        "export_not_ready" => ("This export is not ready yet.", "এই এক্সপোর্টটি এখনো তৈরি হয়নি।"),
        "duplicate_key" => ("This key already exists.", "এই কী আগে থেকেই আছে।"),
        "key_invalid" => ("A key is a namespace, a colon and a dotted name (common:nav.home).", "কী হলো একটি নেমস্পেস, কোলন ও বিন্দু দেওয়া নাম (common:nav.home)।"),
        "permission_denied" => ("Your role does not allow this.", "আপনার ভূমিকায় এর অনুমতি নেই।"),
        "unknown_module" => ("This permission map names a module that does not exist.", "এই অনুমতির তালিকায় এমন একটি মডিউল আছে যা নেই।"),
        "unknown_action" => ("This permission map names an action that does not exist.", "এই অনুমতির তালিকায় এমন একটি কাজ আছে যা নেই।"),
        "module_not_allowed" => ("A partner's role cannot manage partners.", "পার্টনারের কোনো ভূমিকা পার্টনার পরিচালনা করতে পারে না।"),
        "unknown_role" => ("This role does not exist on this site.", "এই সাইটে এই ভূমিকাটি নেই।"),
        "built_in_role" => ("Built-in roles cannot be changed or deleted.", "নির্ধারিত ভূমিকা বদলানো বা মুছে ফেলা যায় না।"),
        "duplicate_name" => ("Another one on this site already has this name.", "এই সাইটে এই নামে আরেকটি আগে থেকেই আছে।"),
        "too_many_roles" => ("This site has as many roles as it may have.", "এই সাইটে যত ভূমিকা থাকতে পারে ততগুলোই আছে।"),
        "role_in_use" => ("People still hold this role; give them another role first.", "কয়েকজনের এখনো এই ভূমিকা আছে; আগে তাঁদের অন্য ভূমিকা দিন।"),
        "already_member" => ("This person already holds this role here.", "এই ব্যক্তির এখানে আগে থেকেই এই ভূমিকা আছে।"),
        "last_super_admin" => ("The last super admin cannot be removed.", "শেষ সুপার অ্যাডমিনকে সরানো যায় না।"),
        "own_role" => ("You cannot change or remove your own role.", "আপনি নিজের ভূমিকা বদলাতে বা সরাতে পারেন না।"),
        "no_account_for_login" => ("No account has this e-mail or mobile number; give a name to create one.", "এই ই-মেইল বা মোবাইল নম্বরে কোনো অ্যাকাউন্ট নেই; অ্যাকাউন্ট তৈরি করতে নাম দিন।"),
        "login_invalid" => ("Enter an e-mail address or a Bangladeshi mobile number.", "একটি ই-মেইল ঠিকানা বা বাংলাদেশি মোবাইল নম্বর দিন।"),
        "internal_error" => ("Something went wrong on our side. Please try again.", "আমাদের দিকে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।"),
        _ => ("An error occurred.", "একটি ত্রুটি ঘটেছে।"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taka_is_grouped_in_either_language() {
        assert_eq!(taka(150_000, Lang::En), "BDT 1,500.00");
        assert_eq!(taka(123_456_789, Lang::Bn), "৳১,২৩৪,৫৬৭.৮৯");
        assert_eq!(taka(5, Lang::En), "BDT 0.05");
        assert_eq!(amount(-123_456_789), "-1,234,567.89");
    }

    #[test]
    fn bangla_messages_use_bangla_digits() {
        assert_eq!(message("too_long", Lang::Bn, Some(120)), "সর্বোচ্চ ১২০ অক্ষর হতে পারে।");
        assert_eq!(message("too_long", Lang::En, Some(120)), "Must be at most 120 characters.");
    }

    #[test]
    fn lang_header_wins_over_accept_language() {
        let mut h = HeaderMap::new();
        h.insert("accept-language", "bn-BD,bn;q=0.9".parse().unwrap());
        assert_eq!(Lang::from_headers(&h), Lang::Bn);
        h.insert("lang", "1".parse().unwrap());
        assert_eq!(Lang::from_headers(&h), Lang::En);
    }
}
