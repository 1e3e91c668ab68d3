//! A small XML tree, for the documents we read from outside: Moodle question exports and
//! BigBlueButton's API answers. Element names as written (prefixes kept), text and CDATA joined,
//! entities resolved.

use quick_xml::events::Event;

#[derive(Debug, Default)]
pub struct Node {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Node>,
}

impl Node {
    pub fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Node> {
        self.children.iter().filter(move |c| c.name == name)
    }
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
    /// The `<text>` inside a child (`<questiontext><text>..</text></questiontext>`).
    pub fn text_of(&self, name: &str) -> String {
        self.child(name).and_then(|c| c.child("text")).map(|t| t.text.clone()).unwrap_or_default()
    }
    pub fn value(&self, name: &str) -> String {
        self.child(name).map(|c| c.text.trim().to_owned()).unwrap_or_default()
    }
}

/// The document as a tree under a nameless root; `None` when it is not well-formed.
pub fn tree(xml: &str) -> Option<Node> {
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut stack: Vec<Node> = vec![Node::default()];
    let open = |e: &quick_xml::events::BytesStart| Node {
        name: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
        attrs: e
            .attributes()
            .flatten()
            .map(|a| (String::from_utf8_lossy(a.key.as_ref()).into_owned(), a.normalized_value(quick_xml::XmlVersion::Implicit1_0).map(|v| v.into_owned()).unwrap_or_default()))
            .collect(),
        ..Node::default()
    };
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) => stack.push(open(&e)),
            Event::Empty(e) => {
                let node = open(&e);
                stack.last_mut()?.children.push(node);
            }
            Event::End(_) => {
                let node = stack.pop()?;
                stack.last_mut()?.children.push(node);
            }
            Event::Text(t) => stack.last_mut()?.text.push_str(&t.decode().ok()?),
            Event::CData(t) => stack.last_mut()?.text.push_str(&t.decode().ok()?),
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref().ok()? {
                    Some(c) => c.to_string(),
                    None => quick_xml::escape::resolve_predefined_entity(&r.decode().ok()?)?.to_owned(),
                };
                stack.last_mut()?.text.push_str(&resolved);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    (stack.len() == 1).then(|| stack.pop()).flatten()
}
