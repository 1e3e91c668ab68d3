//! Buckets on the S3 services of the fleet: made, emptied, listed and copied from one service to
//! another (a tenant moved to a cell with its own S3 service takes its bucket along).

use anyhow::{Context, bail};
use aws_sdk_s3::Client;
use aws_sdk_s3::primitives::ByteStream;
use aws_sdk_s3::types::{CompletedMultipartUpload, CompletedPart};
use std::collections::BTreeMap;

/// Creates a bucket unless it exists; says which.
pub async fn create(s3: &Client, bucket: &str) -> anyhow::Result<String> {
    if s3.head_bucket().bucket(bucket).send().await.is_ok() {
        return Ok(format!("bucket {bucket} already existed"));
    }
    match s3.create_bucket().bucket(bucket).send().await {
        Ok(_) => Ok(format!("bucket {bucket} created")),
        Err(e) if e.as_service_error().is_some_and(|s| s.is_bucket_already_owned_by_you()) => {
            Ok(format!("bucket {bucket} already existed"))
        }
        Err(e) => bail!("cannot create bucket {bucket}: {}", aws_sdk_s3::error::DisplayErrorContext(e)),
    }
}

/// Empties and removes a bucket, if it exists; says which.
pub async fn remove(s3: &Client, bucket: &str) -> anyhow::Result<String> {
    if s3.head_bucket().bucket(bucket).send().await.is_err() {
        return Ok(format!("bucket {bucket} already gone"));
    }
    for key in listing(s3, bucket, None).await?.into_keys() {
        s3.delete_object().bucket(bucket).key(key).send().await?;
    }
    s3.delete_bucket().bucket(bucket).send().await?;
    Ok(format!("bucket {bucket} removed"))
}

/// Every object of a bucket (under `prefix`) with what tells a changed copy: its ETag and size.
pub async fn listing(s3: &Client, bucket: &str, prefix: Option<&str>) -> anyhow::Result<BTreeMap<String, (String, i64)>> {
    let mut objects = BTreeMap::new();
    let mut token = None;
    loop {
        let page = s3.list_objects_v2().bucket(bucket).set_prefix(prefix.map(str::to_owned)).set_continuation_token(token).send().await?;
        for object in page.contents() {
            if let Some(key) = object.key() {
                objects.insert(key.to_owned(), (object.e_tag().unwrap_or_default().to_owned(), object.size().unwrap_or_default()));
            }
        }
        match page.next_continuation_token() {
            Some(next) => token = Some(next.to_owned()),
            None => return Ok(objects),
        }
    }
}

/// What a [`sync`] did.
#[derive(Debug, Default, PartialEq)]
pub struct Synced {
    pub copied: usize,
    pub removed: usize,
    pub unchanged: usize,
}

/// Makes `bucket` on `to` hold what it holds on `from`: objects missing or changed there (by size,
/// or by ETag, which both services compute alike for objects sent whole) are copied, objects gone
/// from `from` are removed. Run again, it copies only what changed meanwhile.
pub async fn sync(from: &Client, to: &Client, bucket: &str, say: &impl Fn(String)) -> anyhow::Result<Synced> {
    create(to, bucket).await?;
    let source = listing(from, bucket, None).await?;
    let target = listing(to, bucket, None).await?;
    let mut synced = Synced::default();
    let mut copies = tokio::task::JoinSet::new();
    for (key, (etag, size)) in source.iter() {
        let same = target.get(key).is_some_and(|(t_etag, t_size)| t_size == size && (t_etag == etag || is_multipart(etag) || is_multipart(t_etag)));
        if same {
            synced.unchanged += 1;
            continue;
        }
        if copies.len() >= COPIES_AT_ONCE {
            copies.join_next().await.expect("copies under way")??;
        }
        let (from, to, bucket, key) = (from.clone(), to.clone(), bucket.to_owned(), key.clone());
        copies.spawn(async move { copy(&from, &to, &bucket, &key).await });
        synced.copied += 1;
        if synced.copied % 100 == 0 {
            say(format!("objects: {} copied", synced.copied));
        }
    }
    while let Some(copied) = copies.join_next().await {
        copied??;
    }
    for key in target.keys().filter(|k| !source.contains_key(*k)) {
        to.delete_object().bucket(bucket).key(key).send().await?;
        synced.removed += 1;
    }
    Ok(synced)
}

/// Objects copied at once: each is a round trip to both services, mostly waiting.
const COPIES_AT_ONCE: usize = 8;

/// A multipart upload's ETag (`"<md5 of the parts' md5s>-<parts>"`) depends on how it was cut into
/// parts, so it never matches a copy cut otherwise; such objects compare by size alone. Their keys
/// are fresh names per upload here, so a changed object comes under a new key anyway.
fn is_multipart(etag: &str) -> bool {
    etag.trim_matches('"').contains('-')
}

/// Parts of a copied object: S3's minimum for all but the last, so a copy holds one in memory.
const PART_BYTES: usize = 8 * 1024 * 1024;

/// Copies one object between services, streaming it part by part. A copy in parts that fails is
/// aborted: left open, its parts would stay stored on the target.
async fn copy(from: &Client, to: &Client, bucket: &str, key: &str) -> anyhow::Result<()> {
    let mut upload = None;
    let copied = stream(from, to, bucket, key, &mut upload).await;
    if let (Err(_), Some(id)) = (&copied, upload) {
        if let Err(error) = to.abort_multipart_upload().bucket(bucket).key(key).upload_id(id).send().await {
            tracing::warn!(%key, error = %aws_sdk_s3::error::DisplayErrorContext(error), "a failed copy's upload could not be aborted");
        }
    }
    copied
}

/// [`copy`]'s work; `upload` is the id of the upload in parts once one is started.
async fn stream(from: &Client, to: &Client, bucket: &str, key: &str, upload: &mut Option<String>) -> anyhow::Result<()> {
    let object = from.get_object().bucket(bucket).key(key).send().await?;
    let mime = object.content_type().map(str::to_owned);
    let mut body = object.body;
    let mut part = Vec::with_capacity(PART_BYTES);
    let mut parts: Vec<CompletedPart> = Vec::new();
    loop {
        let chunk = body.try_next().await?;
        if let Some(bytes) = &chunk {
            part.extend_from_slice(bytes);
        }
        let last = chunk.is_none();
        if part.len() < PART_BYTES && !last {
            continue;
        }
        if last && upload.is_none() {
            // Small enough to go whole.
            to.put_object().bucket(bucket).key(key).set_content_type(mime).body(ByteStream::from(part)).send().await?;
            return Ok(());
        }
        if upload.is_none() {
            let started = to.create_multipart_upload().bucket(bucket).key(key).set_content_type(mime.clone()).send().await?;
            *upload = Some(started.upload_id().context("the S3 service named no upload id")?.to_owned());
        }
        let id = upload.as_deref().expect("started above");
        let number = parts.len() as i32 + 1;
        let sent = std::mem::replace(&mut part, Vec::with_capacity(PART_BYTES));
        let done = to.upload_part().bucket(bucket).key(key).upload_id(id).part_number(number).body(ByteStream::from(sent)).send().await?;
        parts.push(CompletedPart::builder().set_e_tag(done.e_tag().map(str::to_owned)).part_number(number).build());
        if last {
            let completed = CompletedMultipartUpload::builder().set_parts(Some(std::mem::take(&mut parts))).build();
            to.complete_multipart_upload().bucket(bucket).key(key).upload_id(id).multipart_upload(completed).send().await?;
            return Ok(());
        }
    }
}
