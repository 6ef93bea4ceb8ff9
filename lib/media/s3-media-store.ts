// The media store in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) through the
// AWS SDK. Objects are written with their content type and a year-long immutable
// Cache-Control (their keys name their content), and served from MEDIA_S3_PUBLIC_URL.
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import type { MediaConfig } from "@/lib/config";
import { contentTypeOf, isMediaKey, MEDIA_CACHE_CONTROL, type MediaStore } from "./media-store";

type S3Media = Extract<MediaConfig, { kind: "s3" }>;

export function openS3MediaStore(media: S3Media): MediaStore {
  const client = new S3Client({
    region: media.region,
    ...(media.endpoint ? { endpoint: media.endpoint } : {}),
    forcePathStyle: media.forcePathStyle,
    ...(media.accessKeyId && media.secretAccessKey
      ? { credentials: { accessKeyId: media.accessKeyId, secretAccessKey: media.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: many S3-compatible servers do not accept
    // the SDK's default streaming (aws-chunked) checksum trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const objectKey = (key: string) => `${media.prefix}${key}`;
  const checked = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return objectKey(key);
  };
  return {
    kind: "s3",
    urlOf: (key) => `${media.publicUrl}/${objectKey(key)}`,
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: media.bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: media.bucket,
          Key: checked(key),
          Body: bytes,
          ContentType: contentTypeOf(key),
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async putStream(key, chunks, size) {
      await client.send(
        new PutObjectCommand({
          Bucket: media.bucket,
          Key: checked(key),
          Body: Readable.from(chunks),
          ContentLength: size,
          ContentType: contentTypeOf(key),
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async list(folder) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: media.bucket, Prefix: objectKey(`${folder}/`), ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(media.prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: media.bucket, Key: objectKey(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
