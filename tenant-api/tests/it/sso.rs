//! Signing in through identity providers, against real ones started for each test: two instances
//! of npm's oidc-provider (OpenID Certified; infra/oidc/provider.mjs) as myGov and Google, and the
//! local stand-in for Facebook Login and its Graph API (infra/oidc/facebook.py). The test plays the
//! browser: it follows the providers' redirects with a cookie jar and fills in their login forms.

use crate::common::{LocalServer, PASSWORD, TestApp, free_port, infra};
use control_plane::config::{FacebookSettings, OidcSettings, SsoConfig};
use control_plane::secret::Secret;
use control_plane::sso::Failure;
use control_plane::sso::oidc::Oidc;
use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::collections::HashMap;
use tenant_api::{EdgeConfig, router};

const MAIN: &str = "localhost";
const SECRET: &str = "test-client-secret";

/// An OpenID provider holding the accounts of `accounts` (a file under infra/oidc/), whose
/// back-channel logouts go to the edge listening on `edge_port`.
async fn provider(name: &str, accounts: &str, edge_port: u16) -> LocalServer {
    let port = free_port();
    let sites = ["http://localhost:8080", "http://dhaka.localhost:8080"];
    let redirects: Vec<String> = sites.iter().flat_map(|s| [format!("{s}/sso"), format!("{s}/GLogin")]).collect();
    let homes: Vec<String> = sites.iter().map(|s| format!("{s}/")).collect();
    let env = [
        ("ISSUER", format!("http://127.0.0.1:{port}")),
        ("TITLE", format!("{name} (test)")),
        ("ACCOUNTS", infra(&format!("oidc/{accounts}"))),
        ("CLIENT_ID", "lms-test".into()),
        ("CLIENT_SECRET", SECRET.into()),
        ("REDIRECT_URIS", redirects.join(",")),
        ("POST_LOGOUT_REDIRECT_URIS", homes.join(",")),
        ("BACKCHANNEL_LOGOUT_URI", format!("http://localhost:{edge_port}/my-account/sso/backchannel-logout/{}", name.to_lowercase())),
    ];
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    LocalServer::start_node("oidc/provider.mjs", port, &env).await
}

fn settings(idp: &LocalServer) -> OidcSettings {
    OidcSettings { issuer: idp.url.clone(), client_id: "lms-test".into(), client_secret: Secret::new(SECRET) }
}

/// The platform with its edge also listening on `edge_port` (for the providers' back-channel calls).
async fn platform(sso: SsoConfig, edge: (tokio::net::TcpListener, Option<tokio::net::TcpListener>)) -> TestApp {
    let mut platform = TestPlatform::new().await;
    std::sync::Arc::make_mut(&mut platform.config).sso = sso;
    let t = TestApp::with(platform, EdgeConfig::default()).await;
    // `localhost` may resolve to either loopback address: serve both.
    for listener in [Some(edge.0), edge.1].into_iter().flatten() {
        let app = router::app(t.state.clone()).into_make_service_with_connect_info::<std::net::SocketAddr>();
        tokio::spawn(async move { axum::serve(listener, app).await });
    }
    t
}

async fn edge_listeners() -> (u16, (tokio::net::TcpListener, Option<tokio::net::TcpListener>)) {
    let v4 = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = v4.local_addr().unwrap().port();
    let v6 = tokio::net::TcpListener::bind(("::1", port)).await.ok();
    (port, (v4, v6))
}

/// A browser: cookies kept per provider, redirects followed by hand so the one back to the site
/// (which is not running at that address) is caught with its code and state.
struct Browser {
    http: reqwest::Client,
}

enum Stop {
    /// Back at the site: the query the provider sent.
    Back(HashMap<String, String>),
    /// A page of the provider's, at its address.
    Page(reqwest::Url, String),
}

impl Browser {
    fn new() -> Self {
        let http = reqwest::Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Self { http }
    }

    async fn open(&self, url: &str) -> Stop {
        let response = self.http.get(url).send().await.unwrap();
        self.follow(response).await
    }

    async fn submit(&self, url: reqwest::Url, form: &[(&str, &str)]) -> Stop {
        let response = self.http.post(url).form(form).send().await.unwrap();
        self.follow(response).await
    }

    async fn follow(&self, mut response: reqwest::Response) -> Stop {
        loop {
            let here = response.url().clone();
            if !response.status().is_redirection() {
                return Stop::Page(here, response.text().await.unwrap());
            }
            let location = response.headers()["location"].to_str().unwrap().to_owned();
            let next = here.join(&location).unwrap();
            if next.host_str() != Some("127.0.0.1") {
                return Stop::Back(next.query_pairs().into_owned().collect());
            }
            response = self.http.get(next).send().await.unwrap();
        }
    }

    /// Signs in at the provider's login page (if it shows one) and answers what came back.
    async fn sign_in(&self, start: &str, login: &str, password: &str) -> HashMap<String, String> {
        match self.open(start).await {
            Stop::Back(query) => query,
            Stop::Page(page, html) => {
                assert!(html.contains("name=\"login\""), "a login form: {html}");
                match self.submit(page.join(&format!("{}/login", page.path())).unwrap(), &[("login", login), ("password", password)]).await {
                    Stop::Back(query) => query,
                    Stop::Page(_, html) => panic!("still at the provider: {html}"),
                }
            }
        }
    }
}

fn field(html: &str, name: &str) -> String {
    let at = html.find(&format!("name=\"{name}\" value=\"")).unwrap_or_else(|| panic!("{name} in {html}"));
    let rest = &html[at + name.len() + 15..];
    rest[..rest.find('"').unwrap()].to_owned()
}

async fn start(t: &TestApp, host: &str, path: &str, token: Option<&str>, body: Value) -> String {
    let r = t.post(host, path, token, body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["data"]["url"].as_str().unwrap().to_owned()
}

async fn finish(t: &TestApp, host: &str, back: &HashMap<String, String>, token: Option<&str>) -> crate::common::Response {
    let path = format!("/my-account/verification-by-sso?token={}&state={}", back["code"], back["state"]);
    t.get(host, &path, token).await
}

#[tokio::test]
async fn a_mygov_sign_in_makes_an_account_and_mygovs_logout_ends_its_sessions() {
    let (edge_port, listeners) = edge_listeners().await;
    let mygov = provider("mygov", "mygov-accounts.json", edge_port).await;
    let sso = SsoConfig { mygov: Some(settings(&mygov)), mygov_recovery_url: Some(format!("{}/forgot-password", mygov.url)), ..Default::default() };
    let t = platform(sso, listeners).await;
    t.tenant("dhaka").await;

    let providers = t.get(MAIN, "/my-account/sso/providers", None).await;
    assert_eq!(providers.body["data"], json!([{ "id": "mygov", "name": "myGov" }]));
    let google = t.post(MAIN, "/my-account/user/sociallogin", None, json!({ "provider": "google" })).await;
    assert_eq!((google.status.as_u16(), google.body["code"].as_str()), (404, Some("sso_provider_unknown")));
    let recovery = t.post(MAIN, "/my-account/user/mygov/forgetpassword", None, json!({})).await;
    assert_eq!(recovery.body["data"]["url"], format!("{}/forgot-password", mygov.url));

    // The authorization request carries state, nonce and an S256 PKCE challenge.
    let url = start(&t, MAIN, "/my-account/user/mygov/login", None, json!({})).await;
    let request: HashMap<String, String> = reqwest::Url::parse(&url).unwrap().query_pairs().into_owned().collect();
    assert_eq!(request["redirect_uri"], "http://localhost:8080/sso");
    assert_eq!(request["code_challenge_method"], "S256");
    assert!(request["state"].len() >= 43 && request["nonce"].len() >= 43 && request["code_challenge"].len() == 43);

    // Rafiq has no account here: signing in at myGov makes one, with the number myGov verified.
    let browser = Browser::new();
    let back = browser.sign_in(&url, "01712345678", "demo-pass-123").await;
    assert_eq!(back["state"], request["state"]);
    let forged = t.get(MAIN, &format!("/my-account/verification-by-sso?token={}&state=forged", back["code"]), None).await;
    assert_eq!((forged.status.as_u16(), forged.body["code"].as_str()), (422, Some("sso_state_invalid")), "{}", forged.text);
    let r = finish(&t, MAIN, &back, None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let data = &r.body["data"];
    assert_eq!((data["created"].as_bool(), data["user"]["name"].as_str()), (Some(true), Some("Rafiq Islam")));
    assert_eq!((data["user"]["phone"].as_str(), data["user"]["phone_verified"].as_bool()), (Some("+8801712345678"), Some(true)));
    assert_eq!(data["user"]["sso"]["provider"], "mygov");
    let first = data["token"].as_str().unwrap().to_owned();
    let user_id = data["user"]["id"].as_i64().unwrap();
    // The state is spent: the same return replayed signs nobody in.
    let replay = finish(&t, MAIN, &back, None).await;
    assert_eq!(replay.body["code"], "sso_state_invalid");
    let me = t.get(MAIN, "/my-account/user/view-info", Some(&first)).await;
    assert_eq!(me.body["data"]["sso"]["provider"], "mygov", "{}", me.text);

    // A second sign-in (myGov remembers the browser) reaches the same account, now on Dhaka's site.
    let url = start(&t, "dhaka.localhost", "/my-account/user/mygov/login", None, json!({})).await;
    let back = browser.sign_in(&url, "", "").await;
    // Brought back to another site than the one it left from, it is refused.
    let elsewhere = finish(&t, MAIN, &back, None).await;
    assert_eq!(elsewhere.body["code"], "sso_state_invalid");
    let url = start(&t, "dhaka.localhost", "/my-account/user/mygov/login", None, json!({})).await;
    assert!(url.contains("redirect_uri=http%3A%2F%2Fdhaka.localhost%3A8080%2Fsso"), "{url}");
    let back = browser.sign_in(&url, "", "").await;
    let r = finish(&t, "dhaka.localhost", &back, None).await;
    assert_eq!((r.body["data"]["created"].as_bool(), r.body["data"]["user"]["id"].as_i64()), (Some(false), Some(user_id)), "{}", r.text);
    let second = r.body["data"]["token"].as_str().unwrap().to_owned();

    // Nobody may unlink an account's only way in: it has no password.
    let identities = t.get(MAIN, "/my-account/user/identities", Some(&first)).await;
    assert_eq!(identities.body["data"][0]["login"], "+8801712345678");
    let id = identities.body["data"][0]["id"].as_i64().unwrap();
    let r = t.delete(MAIN, &format!("/my-account/user/identities/{id}"), Some(&first)).await;
    assert_eq!((r.status.as_u16(), r.body["code"].as_str()), (409, Some("last_way_in")));

    // A forged logout token ends nothing.
    let forged = reqwest::Client::new()
        .post(format!("http://localhost:{edge_port}/my-account/sso/backchannel-logout/mygov"))
        .form(&[("logout_token", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.")])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 400);
    assert_eq!(t.get(MAIN, "/my-account/user/view-info", Some(&first)).await.status, 200);

    // Signing out of myGov there (RP-initiated logout, then the confirmation form) makes myGov
    // call back: both sessions its session opened end here.
    let logout = t.get(MAIN, "/my-account/user/idp-logout", Some(&second)).await;
    let url = logout.body["data"]["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with(&mygov.url) && url.contains("post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F"), "{url}");
    assert_eq!(t.get(MAIN, "/my-account/user/view-info", Some(&second)).await.status, 401);
    let Stop::Page(page, html) = browser.open(&url).await else { panic!("a confirmation page") };
    let confirm = page.join("/session/end/confirm").unwrap();
    let Stop::Back(home) = browser.submit(confirm, &[("xsrf", &field(&html, "xsrf")), ("logout", "yes")]).await else { panic!("back home") };
    assert!(home.get("code").is_none());
    assert_eq!(t.get(MAIN, "/my-account/user/view-info", Some(&first)).await.status, 401);
}

#[tokio::test]
async fn an_existing_account_joins_only_with_its_password_and_id_tokens_are_checked() {
    let (edge_port, listeners) = edge_listeners().await;
    let mygov = provider("mygov", "mygov-accounts.json", edge_port).await;
    let google = provider("google", "google-accounts.json", edge_port).await;
    let sso = SsoConfig { mygov: Some(settings(&mygov)), google: Some(settings(&google)), ..Default::default() };
    let t = platform(sso, listeners).await;
    // myGov vouches for learner@example.com: this account's address.
    let sadia = t.platform.user("learner@example.com", None).await;

    let browser = Browser::new();
    let url = start(&t, MAIN, "/my-account/user/mygov/login", None, json!({})).await;
    let back = browser.sign_in(&url, "learner@example.com", "demo-pass-123").await;
    let r = finish(&t, MAIN, &back, None).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.body["data"]["token"].is_null(), "no session before the password: {}", r.text);
    let link = r.body["data"]["link"].clone();
    assert_eq!((link["login"].as_str(), link["provider"].as_str()), (Some("learner@example.com"), Some("mygov")));
    let link_token = link["token"].as_str().unwrap();
    let wrong = t.post(MAIN, "/my-account/user/login", None, json!({ "email": "learner@example.com", "password": "not-hers-123", "link": link_token })).await;
    assert_eq!(wrong.status, 401);
    let r = t.post(MAIN, "/my-account/user/login", None, json!({ "email": "learner@example.com", "password": PASSWORD, "link": link_token })).await;
    assert_eq!((r.status.as_u16(), r.body["data"]["user"]["id"].as_i64()), (200, Some(sadia)), "{}", r.text);
    let token = r.body["data"]["token"].as_str().unwrap().to_owned();
    let again = t.post(MAIN, "/my-account/user/login", None, json!({ "email": "learner@example.com", "password": PASSWORD, "link": link_token })).await;
    assert_eq!(again.body["code"], "sso_link_invalid", "{}", again.text);
    // From now on myGov signs her in directly.
    let url = start(&t, MAIN, "/my-account/user/mygov/login", None, json!({})).await;
    let r = finish(&t, MAIN, &browser.sign_in(&url, "", "").await, None).await;
    assert_eq!(r.body["data"]["user"]["id"].as_i64(), Some(sadia), "{}", r.text);

    // Signed in, she links her Google account too (a Google account with another address).
    let url = start(&t, MAIN, "/my-account/user/sociallogin", Some(&token), json!({ "provider": "google", "link": true })).await;
    let back = browser.sign_in(&url, "tahmina.chowdhury@example.net", "demo-pass-123").await;
    // Only she may finish her link.
    assert_eq!(finish(&t, MAIN, &back, None).await.body["code"], "sso_state_invalid");
    let url = start(&t, MAIN, "/my-account/user/sociallogin", Some(&token), json!({ "provider": "google", "link": true })).await;
    let back = browser.sign_in(&url, "", "").await;
    let r = finish(&t, MAIN, &back, Some(&token)).await;
    assert_eq!(r.body["data"]["user"]["id"].as_i64(), Some(sadia), "{}", r.text);
    let identities = t.get(MAIN, "/my-account/user/identities", Some(&token)).await;
    let providers: Vec<&str> = identities.body["data"].as_array().unwrap().iter().map(|i| i["provider"].as_str().unwrap()).collect();
    assert_eq!(providers, ["mygov", "google"]);
    // She has a password: unlinking Google leaves her ways in.
    let id = identities.body["data"][1]["id"].as_i64().unwrap();
    let stranger = t.platform.user("someone@example.com", None).await;
    let _ = stranger;
    let theirs = t.login(MAIN, "someone@example.com").await;
    assert_eq!(t.delete(MAIN, &format!("/my-account/user/identities/{id}"), Some(&theirs)).await.status, 404);
    assert_eq!(t.delete(MAIN, &format!("/my-account/user/identities/{id}"), Some(&token)).await.status, 200);

    // The ID token checks, on a real token from myGov got with our own PKCE and nonce.
    let verifier = "a-verifier-of-at-least-forty-three-characters-long";
    let challenge = {
        use base64::Engine;
        use sha2::Digest;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(verifier))
    };
    let authorize = format!(
        "{}/auth?response_type=code&client_id=lms-test&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fsso&scope=openid%20email&state=s&nonce=n1&code_challenge={challenge}&code_challenge_method=S256",
        mygov.url
    );
    let back = browser.sign_in(&authorize, "", "").await;
    let form = [("grant_type", "authorization_code"), ("code", back["code"].as_str()), ("redirect_uri", "http://localhost:8080/sso"), ("code_verifier", verifier)];
    let answer: Value = reqwest::Client::new().post(format!("{}/token", mygov.url)).basic_auth("lms-test", Some(SECRET)).form(&form).send().await.unwrap().json().await.unwrap();
    let id_token = answer["id_token"].as_str().unwrap();
    let http = reqwest::Client::new();
    let at_mygov = Oidc::new("mygov", settings(&mygov), http.clone());
    assert_eq!(at_mygov.id_token(id_token, "n1").await.unwrap().email.as_deref(), Some("learner@example.com"));
    assert!(matches!(at_mygov.id_token(id_token, "another nonce").await, Err(Failure::Rejected)));
    // Its payload changed to name someone else: the signature no longer matches.
    let parts: Vec<&str> = id_token.split('.').collect();
    let payload = {
        use base64::Engine;
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let mut claims: Value = serde_json::from_slice(&engine.decode(parts[1]).unwrap()).unwrap();
        claims["sub"] = json!("mygov-2b81d4e6");
        engine.encode(claims.to_string())
    };
    let tampered = format!("{}.{payload}.{}", parts[0], parts[2]);
    assert!(matches!(at_mygov.id_token(&tampered, "n1").await, Err(Failure::Rejected)));
    // Unsigned, or checked as another provider's: refused too.
    let unsigned = format!("eyJhbGciOiJub25lIn0.{}.", parts[1]);
    assert!(matches!(at_mygov.id_token(&unsigned, "n1").await, Err(Failure::Rejected)));
    let at_google = Oidc::new("google", settings(&google), http);
    assert!(matches!(at_google.id_token(id_token, "n1").await, Err(Failure::Rejected)));
}

#[tokio::test]
async fn facebook_sign_in_goes_through_the_graph_api_and_its_failures_are_clear() {
    let facebook = LocalServer::start("oidc/facebook.py", &["1001", "fb-test-secret", &infra("oidc/facebook-accounts.json")]).await;
    let settings = FacebookSettings {
        dialog_url: format!("{}/v19.0/dialog/oauth", facebook.url),
        graph_url: format!("{}/v19.0", facebook.url),
        app_id: "1001".into(),
        app_secret: Secret::new("fb-test-secret"),
    };
    let (_, listeners) = edge_listeners().await;
    let t = platform(SsoConfig { facebook: Some(settings), ..Default::default() }, listeners).await;
    let wrong = t.post(MAIN, "/my-account/user/sociallogin", None, json!({ "provider": "mygov" })).await;
    assert_eq!((wrong.status.as_u16(), wrong.body["errors"]["provider"][0].as_str()), (422, Some("Choose one of the offered values.")));
    let mygov = t.post(MAIN, "/my-account/user/mygov/login", None, json!({})).await;
    assert_eq!(mygov.status, 404);

    let browser = Browser::new();
    let choose = |html: &str| {
        let at = html.find("name=\"account\" value=\"").unwrap() + 22;
        html[at..at + html[at..].find('"').unwrap()].to_owned()
    };
    let url = start(&t, MAIN, "/my-account/user/sociallogin", None, json!({ "provider": "facebook" })).await;
    assert!(url.contains("redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Ffacebooklogin"), "{url}");
    let Stop::Page(page, html) = browser.open(&url).await else { panic!("the dialog") };
    let pairs: HashMap<String, String> = page.query_pairs().into_owned().collect();
    let form = [("client_id", pairs["client_id"].as_str()), ("redirect_uri", &pairs["redirect_uri"]), ("state", &pairs["state"]), ("account", &choose(&html))];
    let Stop::Back(back) = browser.submit(page.clone(), &form).await else { panic!("back at the site") };
    let r = finish(&t, MAIN, &back, None).await;
    assert_eq!((r.status.as_u16(), r.body["data"]["created"].as_bool()), (200, Some(true)), "{}", r.text);
    assert_eq!(r.body["data"]["user"]["sso"]["provider"], "facebook");
    // An ended session needs no logout page at Facebook.
    let token = r.body["data"]["token"].as_str().unwrap();
    let out = t.get(MAIN, "/my-account/user/idp-logout", Some(token)).await;
    assert!(out.body["data"]["url"].is_null(), "{}", out.text);

    // Facebook failing answers 502 `sso_unavailable`; the attempt is spent, so the person starts again.
    let url = start(&t, MAIN, "/my-account/user/sociallogin", None, json!({ "provider": "facebook" })).await;
    let Stop::Page(page, html) = browser.open(&url).await else { panic!("the dialog") };
    let pairs: HashMap<String, String> = page.query_pairs().into_owned().collect();
    let form = [("client_id", pairs["client_id"].as_str()), ("redirect_uri", &pairs["redirect_uri"]), ("state", &pairs["state"]), ("account", &choose(&html))];
    let Stop::Back(back) = browser.submit(page, &form).await else { panic!("back at the site") };
    facebook.http.post(format!("{}/faults", facebook.url)).json(&json!({ "token": "500" })).send().await.unwrap();
    let r = finish(&t, MAIN, &back, None).await;
    assert_eq!((r.status.as_u16(), r.body["code"].as_str()), (502, Some("sso_unavailable")), "{}", r.text);
}
