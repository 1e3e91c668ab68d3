//! What the demo catalogue holds: courses of the main site, Dhaka College and Sylhet Polytechnic
//! in Bangla and English, their syllabus and batches, and who learns what.

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Site {
    Main,
    Dhaka,
    Sylhet,
}

impl Site {
    pub fn slug(self) -> Option<&'static str> {
        match self {
            Site::Main => None,
            Site::Dhaka => Some("dhaka"),
            Site::Sylhet => Some("sylhet"),
        }
    }
}

pub enum Kind {
    /// An external video (YouTube).
    Video(&'static str),
    /// Rich text (sanitised HTML).
    Manual(&'static str),
    /// Uploaded one-page lecture notes (PDF) with these lines.
    Notes(&'static [&'static str]),
    /// An uploaded figure (PNG).
    Figure,
    /// Slides elsewhere.
    Slides(&'static str),
    Discussion,
}

impl Kind {
    pub fn lesson_type(&self) -> &'static str {
        match self {
            Kind::Video(_) => "video",
            Kind::Manual(_) => "manual",
            Kind::Notes(_) => "document",
            Kind::Figure => "image",
            Kind::Slides(_) => "presentation",
            Kind::Discussion => "discussion",
        }
    }
}

pub struct Lesson {
    pub title: &'static str,
    pub title_bn: &'static str,
    pub kind: Kind,
    pub minutes: i32,
}

pub struct Section {
    pub title: &'static str,
    pub title_bn: &'static str,
    pub lessons: &'static [Lesson],
}

pub struct Batch {
    pub name: &'static str,
    pub name_bn: &'static str,
    /// Days from today; negative: it has begun.
    pub starts_in: i64,
    pub limit: Option<i32>,
    /// Learners wait for an author's approval.
    pub approval: bool,
    /// Certificates wait for an author's approval.
    pub certificate_approval: bool,
    /// What a seat costs, in taka (0: free); learners buy paid seats through the gateway.
    pub price: u32,
}

pub struct Course {
    pub site: Site,
    pub author: &'static str,
    pub title: &'static str,
    pub title_bn: &'static str,
    pub category: i64,
    pub level: &'static str,
    pub language: &'static str,
    pub summary: &'static str,
    pub objectives: &'static [&'static str],
    pub colours: (&'static str, &'static str),
    pub featured: bool,
    /// Only verified teachers may enrol.
    pub teachers_only: bool,
    pub sections: &'static [Section],
    pub batches: &'static [Batch],
}

/// How far a learner has got.
#[derive(Clone, Copy)]
pub enum Progress {
    /// Asked to join a batch that needs approval.
    Waiting,
    /// Asked to join a batch that needs approval, and let in by its teacher (which rings the
    /// learner's bell).
    Approved,
    Lessons(usize),
    Finished,
}

pub struct Enrolment {
    pub learner: &'static str,
    pub course: &'static str,
    pub batch: usize,
    pub progress: Progress,
    pub review: Option<(i64, &'static str)>,
}

const OPEN: Batch = Batch { name: "Open batch", name_bn: "উন্মুক্ত ব্যাচ", starts_in: -30, limit: None, approval: false, certificate_approval: false, price: 0 };

pub const COURSES: &[Course] = &[
    Course {
        site: Site::Main,
        author: "farhana.akter@example.com",
        title: "Spoken English for Everyday Life",
        title_bn: "দৈনন্দিন জীবনের জন্য স্পোকেন ইংলিশ",
        category: 5,
        level: "beginner",
        language: "bn",
        summary: "বাজার, অফিস, ক্লাস আর ফোনালাপে আত্মবিশ্বাসের সাথে ইংরেজি বলুন। প্রতিটি পাঠে ছোট সংলাপ, উচ্চারণের টিপস আর অনুশীলন।",
        objectives: &["নিজের পরিচয় ইংরেজিতে দিতে পারবেন", "দৈনন্দিন প্রশ্ন করতে ও উত্তর দিতে পারবেন", "সাধারণ উচ্চারণের ভুল এড়াতে পারবেন"],
        colours: ("#1565c0", "#26a69a"),
        featured: true,
        teachers_only: false,
        sections: &[
            Section {
                title: "Getting started",
                title_bn: "শুরু করা যাক",
                lessons: &[
                    Lesson { title: "Introducing yourself", title_bn: "নিজের পরিচয় দেওয়া", kind: Kind::Manual("<p>ইংরেজিতে পরিচয় দেওয়ার সবচেয়ে সহজ কাঠামো: <strong>My name is ... I am from ... I work as ...</strong></p><p>নিচের সংলাপটি জোরে জোরে তিনবার পড়ুন:</p><ul><li>Hi, I am Sadia. I am from Cumilla.</li><li>Nice to meet you, Sadia. I am Arif.</li></ul>"), minutes: 12 },
                    Lesson { title: "Greetings and small talk", title_bn: "শুভেচ্ছা ও ছোট আলাপ", kind: Kind::Manual("<p>সকালে <em>Good morning</em>, বিকেলে <em>Good afternoon</em>। কুশল জানতে <strong>How are you doing?</strong> — উত্তর: <strong>I am doing well, thanks. And you?</strong></p>"), minutes: 10 },
                ],
            },
            Section {
                title: "At the market and at work",
                title_bn: "বাজারে ও কর্মক্ষেত্রে",
                lessons: &[
                    Lesson { title: "Asking for prices", title_bn: "দাম জিজ্ঞেস করা", kind: Kind::Manual("<p><strong>How much is this?</strong> — এটার দাম কত?<br><strong>Can you give me a discount?</strong> — একটু কম রাখা যায়?</p>"), minutes: 8 },
                    Lesson { title: "Phone conversation practice", title_bn: "ফোনালাপ অনুশীলন", kind: Kind::Notes(&["Hello, may I speak to Mr Karim?", "Could you please hold on a moment?", "Can I leave a message?", "Thank you for calling."]), minutes: 15 },
                    Lesson { title: "Share your practice", title_bn: "আপনার অনুশীলন শেয়ার করুন", kind: Kind::Discussion, minutes: 10 },
                ],
            },
        ],
        batches: &[OPEN],
    },
    Course {
        site: Site::Main,
        author: "farhana.akter@example.com",
        title: "Basic Computer and Internet Skills",
        title_bn: "কম্পিউটার ও ইন্টারনেটের প্রাথমিক দক্ষতা",
        category: 10,
        level: "beginner",
        language: "bn",
        summary: "কম্পিউটার চালু করা থেকে ই-মেইল পাঠানো, নিরাপদে ইন্টারনেট ব্যবহার আর অনলাইনে সরকারি সেবা নেওয়া পর্যন্ত।",
        objectives: &["ফাইল ও ফোল্ডার গুছিয়ে রাখতে পারবেন", "ই-মেইল পাঠাতে ও সংযুক্তি দিতে পারবেন", "অনলাইনে প্রতারণা চিনতে পারবেন"],
        colours: ("#37474f", "#42a5f5"),
        featured: false,
        teachers_only: false,
        sections: &[Section {
            title: "Your computer",
            title_bn: "আপনার কম্পিউটার",
            lessons: &[
                Lesson { title: "Files and folders", title_bn: "ফাইল ও ফোল্ডার", kind: Kind::Manual("<p>ফোল্ডার হলো আলমারির তাকের মতো। প্রতিটি কাজের জন্য আলাদা ফোল্ডার রাখুন: <em>অফিস</em>, <em>পরিবার</em>, <em>পড়াশোনা</em>।</p>"), minutes: 10 },
                Lesson { title: "Writing an e-mail", title_bn: "ই-মেইল লেখা", kind: Kind::Figure, minutes: 12 },
                Lesson { title: "Staying safe online", title_bn: "অনলাইনে নিরাপদ থাকা", kind: Kind::Notes(&["Never share a one-time password (OTP).", "Check the address bar before you sign in.", "Use a different password for each account."]), minutes: 15 },
            ],
        }],
        batches: &[OPEN],
    },
    Course {
        site: Site::Main,
        author: "farhana.akter@example.com",
        title: "Freelancing with Graphic Design",
        title_bn: "গ্রাফিক ডিজাইন দিয়ে ফ্রিল্যান্সিং",
        category: 10,
        level: "intermediate",
        language: "bn",
        summary: "লোগো, সোশ্যাল মিডিয়া পোস্ট আর ব্যানার ডিজাইন শিখে মার্কেটপ্লেসে প্রথম কাজ পাওয়ার পূর্ণ পথনির্দেশ।",
        objectives: &["রঙ ও টাইপোগ্রাফির মূলনীতি প্রয়োগ করতে পারবেন", "একটি পোর্টফোলিও সাজাতে পারবেন", "ক্লায়েন্টের সাথে পেশাদারভাবে যোগাযোগ করতে পারবেন"],
        colours: ("#6a1b9a", "#ff7043"),
        featured: true,
        teachers_only: false,
        sections: &[
            Section {
                title: "Design basics",
                title_bn: "ডিজাইনের মূলনীতি",
                lessons: &[
                    Lesson { title: "Colour and contrast", title_bn: "রঙ ও কনট্রাস্ট", kind: Kind::Figure, minutes: 14 },
                    Lesson { title: "Typography that reads well", title_bn: "পাঠযোগ্য টাইপোগ্রাফি", kind: Kind::Manual("<p>একটি ডিজাইনে দুইটির বেশি ফন্ট নয়। শিরোনাম মোটা, মূল লেখা সাধারণ; বাংলা লেখার জন্য লাইনের মাঝে বাড়তি জায়গা দিন।</p>"), minutes: 12 },
                ],
            },
            Section {
                title: "Finding clients",
                title_bn: "ক্লায়েন্ট খোঁজা",
                lessons: &[
                    Lesson { title: "Your portfolio", title_bn: "আপনার পোর্টফোলিও", kind: Kind::Slides("https://en.wikipedia.org/wiki/Portfolio_(career)"), minutes: 10 },
                    Lesson { title: "Writing a proposal", title_bn: "প্রস্তাব লেখা", kind: Kind::Notes(&["Start with the client's problem, not with yourself.", "Show two pieces of work like the one they need.", "Give a clear price and a date."]), minutes: 15 },
                ],
            },
        ],
        batches: &[OPEN, Batch { name: "Weekend batch", name_bn: "সাপ্তাহিক ছুটির ব্যাচ", starts_in: 10, limit: Some(40), approval: false, certificate_approval: false, price: 0 }],
    },
    Course {
        site: Site::Main,
        author: "farhana.akter@example.com",
        title: "Personal Finance and Mobile Banking",
        title_bn: "ব্যক্তিগত অর্থব্যবস্থাপনা ও মোবাইল ব্যাংকিং",
        category: 6,
        level: "beginner",
        language: "en",
        summary: "Plan a monthly budget, save a little every week, and use mobile financial services safely.",
        objectives: &["Write a monthly budget", "Compare savings options", "Send money safely with mobile banking"],
        colours: ("#2e7d32", "#fbc02d"),
        featured: false,
        teachers_only: false,
        sections: &[Section {
            title: "Money in and money out",
            title_bn: "আয় ও ব্যয়",
            lessons: &[
                Lesson { title: "A budget on one page", title_bn: "এক পাতায় বাজেট", kind: Kind::Notes(&["Income: salary, business, support from family.", "Fixed costs: rent, school fees, transport.", "Savings first: set aside 10 percent on payday."]), minutes: 12 },
                Lesson { title: "Mobile banking, safely", title_bn: "নিরাপদে মোবাইল ব্যাংকিং", kind: Kind::Manual("<p>Your PIN is yours alone: no agent, relative or caller ever needs it. Check the recipient's number twice before you send money.</p>"), minutes: 9 },
            ],
        }],
        batches: &[OPEN],
    },
    Course {
        site: Site::Dhaka,
        author: "teacher@example.com",
        title: "HSC Physics: Mechanics",
        title_bn: "এইচএসসি পদার্থবিজ্ঞান: বলবিদ্যা",
        category: 3,
        level: "intermediate",
        language: "bn",
        summary: "গতি, বল, কাজ ও শক্তি — এইচএসসি সিলেবাসের বলবিদ্যা অধ্যায় উদাহরণ, চিত্র আর সৃজনশীল প্রশ্নসহ।",
        objectives: &["নিউটনের গতিসূত্র প্রয়োগ করতে পারবেন", "প্রক্ষেপকের গতি বিশ্লেষণ করতে পারবেন", "কাজ-শক্তি উপপাদ্য ব্যবহার করতে পারবেন"],
        colours: ("#0d47a1", "#ffb300"),
        featured: true,
        teachers_only: false,
        sections: &[
            Section {
                title: "Motion",
                title_bn: "গতি",
                lessons: &[
                    Lesson { title: "Velocity and acceleration", title_bn: "বেগ ও ত্বরণ", kind: Kind::Manual("<p>বেগ হলো সময়ের সাথে সরণের হার, ত্বরণ হলো সময়ের সাথে বেগের পরিবর্তনের হার। সমত্বরণে: <strong>v = u + at</strong>, <strong>s = ut + ½at²</strong>।</p>"), minutes: 20 },
                    Lesson { title: "Graphs of motion", title_bn: "গতির লেখচিত্র", kind: Kind::Figure, minutes: 15 },
                ],
            },
            Section {
                title: "Force and energy",
                title_bn: "বল ও শক্তি",
                lessons: &[
                    Lesson { title: "Newton's laws", title_bn: "নিউটনের গতিসূত্র", kind: Kind::Notes(&["First law: a body keeps its state of rest or motion.", "Second law: F = ma.", "Third law: every action has an equal and opposite reaction."]), minutes: 25 },
                    Lesson { title: "Work, energy and power", title_bn: "কাজ, শক্তি ও ক্ষমতা", kind: Kind::Manual("<p>কাজ W = F·s·cosθ। গতিশক্তি ½mv², বিভবশক্তি mgh। ক্ষমতা হলো কাজ করার হার: P = W/t।</p>"), minutes: 20 },
                    Lesson { title: "Creative questions", title_bn: "সৃজনশীল প্রশ্ন আলোচনা", kind: Kind::Discussion, minutes: 30 },
                ],
            },
        ],
        batches: &[
            Batch { name: "Morning batch", name_bn: "সকালের ব্যাচ", starts_in: -20, limit: Some(60), approval: false, certificate_approval: false, price: 0 },
            Batch { name: "Evening batch", name_bn: "সন্ধ্যার ব্যাচ", starts_in: 7, limit: Some(30), approval: true, certificate_approval: false, price: 0 },
        ],
    },
    Course {
        site: Site::Dhaka,
        author: "teacher@example.com",
        title: "Bangla Grammar and Composition",
        title_bn: "বাংলা ব্যাকরণ ও রচনা",
        category: 4,
        level: "beginner",
        language: "bn",
        summary: "ধ্বনি, সন্ধি, সমাস থেকে ভাবসম্প্রসারণ ও পত্রলিখন — পরীক্ষার প্রস্তুতির জন্য গুছিয়ে লেখা পাঠ।",
        objectives: &["সন্ধি বিচ্ছেদ করতে পারবেন", "সমাস নির্ণয় করতে পারবেন", "গুছিয়ে রচনা ও পত্র লিখতে পারবেন"],
        colours: ("#b71c1c", "#ffca28"),
        featured: true,
        teachers_only: false,
        sections: &[
            Section {
                title: "Sounds and words",
                title_bn: "ধ্বনি ও শব্দ",
                lessons: &[
                    Lesson { title: "Sandhi", title_bn: "সন্ধি", kind: Kind::Manual("<p>পাশাপাশি দুটি ধ্বনির মিলনকে সন্ধি বলে। যেমন: বিদ্যা + আলয় = <strong>বিদ্যালয়</strong> (স্বরসন্ধি)।</p>"), minutes: 15 },
                    Lesson { title: "Samas", title_bn: "সমাস", kind: Kind::Manual("<p>অর্থসম্বন্ধযুক্ত একাধিক পদের এক পদে মিলন সমাস। যেমন: মা ও বাবা = <strong>মা-বাবা</strong> (দ্বন্দ্ব সমাস)।</p>"), minutes: 15 },
                ],
            },
            Section {
                title: "Writing",
                title_bn: "লিখন",
                lessons: &[
                    Lesson { title: "Writing a formal letter", title_bn: "আবেদনপত্র লেখা", kind: Kind::Notes(&["Date, the addressee and the subject first.", "One request per letter, said plainly.", "Close with your name, class and roll number."]), minutes: 20 },
                ],
            },
        ],
        batches: &[Batch { name: "Class XI", name_bn: "একাদশ শ্রেণি", starts_in: -45, limit: None, approval: false, certificate_approval: false, price: 0 }],
    },
    Course {
        site: Site::Dhaka,
        author: "teacher@example.com",
        title: "Teaching with Digital Tools",
        title_bn: "ডিজিটাল উপকরণে শ্রেণি পাঠদান",
        category: 4,
        level: "intermediate",
        language: "bn",
        summary: "শিক্ষকদের জন্য: মাল্টিমিডিয়া ক্লাস, অনলাইন মূল্যায়ন ও অভিভাবকের সঙ্গে যোগাযোগ। শুধু যাচাই করা শিক্ষকেরা ভর্তি হতে পারবেন।",
        objectives: &["মাল্টিমিডিয়া ক্লাসের পরিকল্পনা করতে পারবেন", "অনলাইনে কুইজ নিতে পারবেন", "শিক্ষার্থীর অগ্রগতি অভিভাবককে জানাতে পারবেন"],
        colours: ("#00695c", "#ffb300"),
        featured: false,
        teachers_only: true,
        sections: &[Section {
            title: "The multimedia classroom",
            title_bn: "মাল্টিমিডিয়া শ্রেণিকক্ষ",
            lessons: &[
                Lesson { title: "Planning a lesson with slides", title_bn: "স্লাইডে পাঠ পরিকল্পনা", kind: Kind::Manual("<p>একটি স্লাইডে একটি ধারণা। ছবি ও উদাহরণ আগে, সংজ্ঞা পরে; শেষ স্লাইডে তিনটি প্রশ্ন রাখুন।</p>"), minutes: 15 },
                Lesson { title: "A quiz the class answers on phones", title_bn: "মোবাইলে উত্তর দেওয়া কুইজ", kind: Kind::Notes(&["Five questions, one minute each.", "Show the answers at once and discuss the most missed one.", "Keep the results to plan the next class."]), minutes: 20 },
            ],
        }],
        batches: &[OPEN],
    },
    Course {
        site: Site::Dhaka,
        author: "teacher@example.com",
        title: "Higher Mathematics: Foundations of Calculus",
        title_bn: "উচ্চতর গণিত: ক্যালকুলাসের ভিত্তি",
        category: 2,
        level: "advanced",
        language: "bn",
        summary: "সীমা, অন্তরীকরণ ও যোগজীকরণের ধারণা চিত্র ও ধাপে ধাপে সমাধানসহ।",
        objectives: &["সীমার মান নির্ণয় করতে পারবেন", "মৌলিক ফাংশনের অন্তরজ নির্ণয় করতে পারবেন", "সরল যোগজ নির্ণয় করতে পারবেন"],
        colours: ("#283593", "#8e24aa"),
        featured: false,
        teachers_only: false,
        sections: &[Section {
            title: "Limits and derivatives",
            title_bn: "সীমা ও অন্তরজ",
            lessons: &[
                Lesson { title: "What a limit means", title_bn: "সীমার অর্থ", kind: Kind::Figure, minutes: 18 },
                Lesson { title: "Rules of differentiation", title_bn: "অন্তরীকরণের নিয়ম", kind: Kind::Manual("<p>d/dx (xⁿ) = n·xⁿ⁻¹; d/dx (sin x) = cos x; গুণফলের নিয়ম: (uv)′ = u′v + uv′।</p>"), minutes: 25 },
                Lesson { title: "Integration as area", title_bn: "ক্ষেত্রফল হিসেবে যোগজ", kind: Kind::Notes(&["The definite integral adds up thin strips.", "Integral of x^n is x^(n+1)/(n+1) + C.", "Area under y = x from 0 to 2 is 2."]), minutes: 25 },
            ],
        }],
        batches: &[Batch { name: "Merit batch", name_bn: "মেধা ব্যাচ", starts_in: -15, limit: Some(50), approval: false, certificate_approval: true, price: 1500 }],
    },
    Course {
        site: Site::Dhaka,
        author: "teacher@example.com",
        title: "The History of the Liberation War",
        title_bn: "মুক্তিযুদ্ধের ইতিহাস",
        category: 4,
        level: "beginner",
        language: "bn",
        summary: "ভাষা আন্দোলন থেকে বিজয় দিবস: ১৯৫২ থেকে ১৯৭১ পর্যন্ত বাংলাদেশের স্বাধীনতার পথ, দলিল ও সাক্ষ্যে।",
        objectives: &["প্রধান ঘটনাগুলো সময়ক্রমে সাজাতে পারবেন", "মুক্তিযুদ্ধের সেক্টরগুলো চিনতে পারবেন"],
        colours: ("#1b5e20", "#c62828"),
        featured: false,
        teachers_only: false,
        sections: &[Section {
            title: "The road to 1971",
            title_bn: "১৯৭১-এর পথে",
            lessons: &[
                Lesson { title: "The Language Movement of 1952", title_bn: "১৯৫২-এর ভাষা আন্দোলন", kind: Kind::Manual("<p>২১ ফেব্রুয়ারি ১৯৫২, রাষ্ট্রভাষা বাংলার দাবিতে ছাত্রদের মিছিলে গুলি চলে। এই দিনটি আজ আন্তর্জাতিক মাতৃভাষা দিবস।</p>"), minutes: 15 },
                Lesson { title: "The Six Points", title_bn: "ছয় দফা", kind: Kind::Slides("https://en.wikipedia.org/wiki/Six_point_movement"), minutes: 12 },
                Lesson { title: "Victory Day", title_bn: "বিজয় দিবস", kind: Kind::Discussion, minutes: 20 },
            ],
        }],
        batches: &[OPEN],
    },
    Course {
        site: Site::Dhaka,
        author: "teacher@example.com",
        title: "Introduction to Programming with Python",
        title_bn: "পাইথন দিয়ে প্রোগ্রামিং পরিচিতি",
        category: 1,
        level: "beginner",
        language: "en",
        summary: "Variables, decisions, loops and functions in Python, with small programs you can run on a phone or a laptop.",
        objectives: &["Write and run a Python program", "Use loops and conditions", "Split a program into functions"],
        colours: ("#1e88e5", "#fdd835"),
        featured: true,
        teachers_only: false,
        sections: &[
            Section {
                title: "First steps",
                title_bn: "প্রথম পদক্ষেপ",
                lessons: &[
                    Lesson { title: "Python in one hour", title_bn: "এক ঘণ্টায় পাইথন", kind: Kind::Video("https://www.youtube.com/watch?v=kqtD5dpn9C8"), minutes: 60 },
                    Lesson { title: "Variables and types", title_bn: "ভেরিয়েবল ও টাইপ", kind: Kind::Manual("<p>A variable names a value: <code>age = 17</code>. Text is a <code>str</code>, whole numbers are <code>int</code>, and <code>print(type(age))</code> tells you which.</p>"), minutes: 15 },
                ],
            },
            Section {
                title: "Control flow",
                title_bn: "নিয়ন্ত্রণ প্রবাহ",
                lessons: &[
                    Lesson { title: "Decisions with if", title_bn: "if দিয়ে সিদ্ধান্ত", kind: Kind::Manual("<p><code>if marks &gt;= 80:</code> print A+, <code>elif marks &gt;= 70:</code> print A, <code>else:</code> keep practising.</p>"), minutes: 15 },
                    Lesson { title: "Loops", title_bn: "লুপ", kind: Kind::Notes(&["for n in range(1, 11): print(n * n)", "while balance > 0: balance = balance - 100", "break leaves a loop; continue skips to the next turn."]), minutes: 20 },
                    Lesson { title: "The full course", title_bn: "পূর্ণাঙ্গ কোর্স", kind: Kind::Video("https://www.youtube.com/watch?v=rfscVS0vtbw"), minutes: 45 },
                ],
            },
        ],
        batches: &[OPEN],
    },
    Course {
        site: Site::Sylhet,
        author: "abdul.karim@example.com",
        title: "Electrical House Wiring and Safety",
        title_bn: "ইলেকট্রিক্যাল হাউস ওয়্যারিং ও নিরাপত্তা",
        category: 10,
        level: "beginner",
        language: "bn",
        summary: "বাসাবাড়ির ওয়্যারিং নকশা, তার ও সার্কিট ব্রেকার নির্বাচন এবং বিদ্যুৎ-দুর্ঘটনা এড়ানোর হাতে-কলমে নিয়ম।",
        objectives: &["একটি ঘরের ওয়্যারিং নকশা আঁকতে পারবেন", "সঠিক মাপের তার বেছে নিতে পারবেন", "আর্থিং পরীক্ষা করতে পারবেন"],
        colours: ("#00695c", "#6a1b9a"),
        featured: true,
        teachers_only: false,
        sections: &[Section {
            title: "Safe wiring",
            title_bn: "নিরাপদ ওয়্যারিং",
            lessons: &[
                Lesson { title: "Reading a wiring diagram", title_bn: "ওয়্যারিং ডায়াগ্রাম পড়া", kind: Kind::Figure, minutes: 15 },
                Lesson { title: "Cables and breakers", title_bn: "তার ও সার্কিট ব্রেকার", kind: Kind::Manual("<p>লাইটের সার্কিটে ১.৫ বর্গমিমি, সকেটে ২.৫ বর্গমিমি তার। প্রতিটি সার্কিটে আলাদা এমসিবি।</p>"), minutes: 20 },
                Lesson { title: "Earthing and first aid", title_bn: "আর্থিং ও প্রাথমিক চিকিৎসা", kind: Kind::Notes(&["Switch the supply off at the board before you touch a wire.", "Test the earth connection every year.", "Never touch a person who is still in contact with a live wire."]), minutes: 20 },
            ],
        }],
        batches: &[OPEN],
    },
    Course {
        site: Site::Sylhet,
        author: "abdul.karim@example.com",
        title: "AutoCAD for Civil Drafting",
        title_bn: "সিভিল ড্রাফটিংয়ের জন্য অটোক্যাড",
        category: 10,
        level: "intermediate",
        language: "en",
        summary: "Draw floor plans, sections and site layouts to scale, and print them ready for the municipality.",
        objectives: &["Set up layers and units", "Draw a floor plan to scale", "Plot a drawing on A3"],
        colours: ("#455a64", "#ef6c00"),
        featured: false,
        teachers_only: false,
        sections: &[Section {
            title: "Drawing to scale",
            title_bn: "স্কেলে আঁকা",
            lessons: &[
                Lesson { title: "Units and layers", title_bn: "একক ও লেয়ার", kind: Kind::Manual("<p>Work in millimetres, one layer per element: walls, doors, windows, dimensions, text.</p>"), minutes: 15 },
                Lesson { title: "A two-room floor plan", title_bn: "দুই কক্ষের ফ্লোর প্ল্যান", kind: Kind::Figure, minutes: 30 },
            ],
        }],
        batches: &[OPEN],
    },
    Course {
        site: Site::Sylhet,
        author: "abdul.karim@example.com",
        title: "Web Development with HTML and CSS",
        title_bn: "এইচটিএমএল ও সিএসএস দিয়ে ওয়েব ডেভেলপমেন্ট",
        category: 1,
        level: "beginner",
        language: "bn",
        summary: "নিজের প্রথম ওয়েবসাইট: পেজের কাঠামো, স্টাইল, মোবাইলে মানিয়ে নেওয়া লেআউট আর বিনামূল্যে প্রকাশ।",
        objectives: &["একটি পূর্ণ ওয়েবপেজ লিখতে পারবেন", "ফ্লেক্সবক্স দিয়ে লেআউট করতে পারবেন", "ওয়েবসাইট প্রকাশ করতে পারবেন"],
        colours: ("#e65100", "#1565c0"),
        featured: false,
        teachers_only: false,
        sections: &[Section {
            title: "Your first page",
            title_bn: "আপনার প্রথম পেজ",
            lessons: &[
                Lesson { title: "The structure of a page", title_bn: "পেজের কাঠামো", kind: Kind::Manual("<p>প্রতিটি পেজে <code>&lt;header&gt;</code>, <code>&lt;main&gt;</code> আর <code>&lt;footer&gt;</code>। শিরোনামে <code>&lt;h1&gt;</code> একটিই।</p>"), minutes: 15 },
                Lesson { title: "Styling with CSS", title_bn: "সিএসএস দিয়ে সাজানো", kind: Kind::Notes(&["body { font-family: system-ui; line-height: 1.6 }", "Use rem for sizes so text scales.", "One stylesheet for the whole site."]), minutes: 20 },
                Lesson { title: "Show your page", title_bn: "আপনার পেজ দেখান", kind: Kind::Discussion, minutes: 15 },
            ],
        }],
        batches: &[Batch { name: "Spring batch", name_bn: "বসন্ত ব্যাচ", starts_in: -10, limit: Some(35), approval: false, certificate_approval: true, price: 0 }],
    },
    Course {
        site: Site::Sylhet,
        author: "abdul.karim@example.com",
        title: "Tea Processing and Quality Control",
        title_bn: "চা প্রক্রিয়াজাতকরণ ও মান নিয়ন্ত্রণ",
        category: 8,
        level: "intermediate",
        language: "bn",
        summary: "পাতা তোলা থেকে শুকানো ও গ্রেডিং — সিলেটের চা বাগানের বাস্তব অভিজ্ঞতায় চায়ের মান ধরে রাখার পদ্ধতি।",
        objectives: &["উইদারিং ও রোলিংয়ের ধাপ বোঝাতে পারবেন", "চায়ের গ্রেড চিনতে পারবেন"],
        colours: ("#33691e", "#a1887f"),
        featured: false,
        teachers_only: false,
        sections: &[Section {
            title: "From leaf to cup",
            title_bn: "পাতা থেকে কাপে",
            lessons: &[
                Lesson { title: "Two leaves and a bud", title_bn: "দুটি পাতা একটি কুঁড়ি", kind: Kind::Manual("<p>ভালো চায়ের জন্য শুধু দুটি কচি পাতা আর একটি কুঁড়ি তোলা হয়, সকালে শিশির শুকানোর পর।</p>"), minutes: 10 },
                Lesson { title: "Withering, rolling and drying", title_bn: "উইদারিং, রোলিং ও শুকানো", kind: Kind::Figure, minutes: 20 },
            ],
        }],
        batches: &[OPEN],
    },
];

pub const ENROLMENTS: &[Enrolment] = &[
    // Sadia (learner@example.com): a certificate, courses in progress, one request approved.
    Enrolment { learner: "learner@example.com", course: "Bangla Grammar and Composition", batch: 0, progress: Progress::Finished, review: Some((5, "খুব গুছিয়ে বোঝানো হয়েছে, সন্ধি আর সমাস এখন পরিষ্কার।")) },
    Enrolment { learner: "learner@example.com", course: "Introduction to Programming with Python", batch: 0, progress: Progress::Lessons(2), review: None },
    Enrolment { learner: "learner@example.com", course: "HSC Physics: Mechanics", batch: 1, progress: Progress::Approved, review: None },
    Enrolment { learner: "learner@example.com", course: "Spoken English for Everyday Life", batch: 0, progress: Progress::Lessons(1), review: None },
    Enrolment { learner: "learner@example.com", course: "Web Development with HTML and CSS", batch: 0, progress: Progress::Finished, review: Some((4, "Practical and clear; I built my own page in a week.")) },
    Enrolment { learner: "rahim.uddin@example.com", course: "HSC Physics: Mechanics", batch: 0, progress: Progress::Finished, review: Some((5, "সৃজনশীল প্রশ্নের আলোচনাটা সবচেয়ে কাজে লেগেছে।")) },
    Enrolment { learner: "rahim.uddin@example.com", course: "Higher Mathematics: Foundations of Calculus", batch: 0, progress: Progress::Finished, review: Some((4, "চিত্রগুলো দেখে সীমার ধারণা সহজ হয়েছে।")) },
    Enrolment { learner: "rahim.uddin@example.com", course: "Basic Computer and Internet Skills", batch: 0, progress: Progress::Lessons(1), review: None },
    Enrolment { learner: "nusrat.jahan@example.com", course: "HSC Physics: Mechanics", batch: 1, progress: Progress::Waiting, review: None },
    Enrolment { learner: "nusrat.jahan@example.com", course: "Bangla Grammar and Composition", batch: 0, progress: Progress::Finished, review: Some((5, "পত্রলিখনের নিয়মগুলো পরীক্ষায় খুব কাজে দিয়েছে।")) },
    Enrolment { learner: "nusrat.jahan@example.com", course: "Freelancing with Graphic Design", batch: 0, progress: Progress::Lessons(3), review: None },
    Enrolment { learner: "tania.islam@example.com", course: "Spoken English for Everyday Life", batch: 0, progress: Progress::Finished, review: Some((5, "Now I can talk to customers on the phone without fear.")) },
    Enrolment { learner: "tania.islam@example.com", course: "Personal Finance and Mobile Banking", batch: 0, progress: Progress::Finished, review: Some((4, "Simple budget, and I save every month now.")) },
    Enrolment { learner: "tania.islam@example.com", course: "Tea Processing and Quality Control", batch: 0, progress: Progress::Lessons(1), review: None },
    Enrolment { learner: "sabbir.hossain@example.com", course: "Introduction to Programming with Python", batch: 0, progress: Progress::Finished, review: Some((5, "The loop exercises were great practice.")) },
    Enrolment { learner: "sabbir.hossain@example.com", course: "Electrical House Wiring and Safety", batch: 0, progress: Progress::Finished, review: Some((4, "হাতে-কলমে কাজ শেখার মতো, আর্থিংয়ের অংশটা দারুণ।")) },
    Enrolment { learner: "sabbir.hossain@example.com", course: "AutoCAD for Civil Drafting", batch: 0, progress: Progress::Lessons(1), review: None },
    Enrolment { learner: "mitu.akter@example.com", course: "Freelancing with Graphic Design", batch: 0, progress: Progress::Finished, review: Some((5, "প্রথম ক্লায়েন্ট পেয়েছি এই কোর্সের পর!")) },
    Enrolment { learner: "mitu.akter@example.com", course: "The History of the Liberation War", batch: 0, progress: Progress::Lessons(2), review: None },
    Enrolment { learner: "mitu.akter@example.com", course: "Web Development with HTML and CSS", batch: 0, progress: Progress::Lessons(2), review: None },
    Enrolment { learner: "arif.chowdhury@example.com", course: "Higher Mathematics: Foundations of Calculus", batch: 0, progress: Progress::Lessons(1), review: None },
    Enrolment { learner: "arif.chowdhury@example.com", course: "The History of the Liberation War", batch: 0, progress: Progress::Finished, review: Some((5, "প্রতিটি বাঙালির জানা উচিত এমন ইতিহাস।")) },
    Enrolment { learner: "arif.chowdhury@example.com", course: "Spoken English for Everyday Life", batch: 0, progress: Progress::Lessons(3), review: None },
];
