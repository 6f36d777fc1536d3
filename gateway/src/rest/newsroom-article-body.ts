import express, { type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { AUTHOR_PHOTO, COVER_PICTURE, COVER_UPLOAD_LIMITS, coverTooLarge, type PictureUse, ValidationError } from '../../../schema/src/index.js';
import { sendError } from '../middleware/error-response.js';

/** Characters of one form field: the longest article content, 50,000 characters of up to 3 bytes. */
const FORM_FIELD_BYTES = 160 * 1024;

/**
 * multipart/form-data with one picture (an article's `cover`, an author's `photo`): the picture in
 * memory (it goes to the database), at most 10 MB; the stream is abandoned at the first byte beyond,
 * never buffered whole.
 */
const pictureForm = (file: PictureField) =>
  multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: COVER_UPLOAD_LIMITS.maxBytes, files: 1, fields: 20, parts: 21, fieldSize: FORM_FIELD_BYTES, fieldNameSize: 100, headerPairs: 50 },
  }).single(file);

/** The form field a route's picture comes in, and the words its errors use. */
export type PictureField = 'cover' | 'photo';
const PICTURE_USES: Record<PictureField, PictureUse> = { cover: COVER_PICTURE, photo: AUTHOR_PHOTO };

const COVER_AS_JSON = 'Send the cover as a file in a multipart/form-data body (field cover), or null to remove it';

function invalid(field: string, message: string): ValidationError {
  return new ValidationError(message, [{ field, message }]);
}

/** multer's refusals as domain errors: 413 for the picture, 400 naming the field otherwise. */
function fromMulterError(error: unknown, file: PictureField): unknown {
  if (!(error instanceof multer.MulterError)) {
    // busboy's own words for a body that is not well-formed multipart (no boundary, cut short).
    return error instanceof Error && !('status' in error) ? invalid('body', 'The multipart/form-data body could not be read: it is malformed or incomplete') : error;
  }
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return coverTooLarge(PICTURE_USES[file]);
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_FILE_COUNT':
      return invalid(error.field ?? 'body', `Send one file only, in the field ${file}`);
    case 'LIMIT_FIELD_VALUE':
      return invalid(error.field ?? 'body', `A form field may hold at most ${FORM_FIELD_BYTES / 1024} kB`);
    default:
      return invalid('body', `The form was refused: ${error.message}`);
  }
}

/**
 * The body of an article write (the route's declared reader): JSON up to `limit`, or
 * multipart/form-data with the fields as form fields and the picture as the file `cover`, up to
 * `multipartLimit`. A multipart body declared larger is refused with 413 before a byte of it is
 * read; one sent without a length (chunked) as soon as it passes that size. Either way the
 * connection is closed rather than the rest read: multer itself would read a refused body to its
 * end before answering.
 */
export function articleWriteBody({ limit, multipartLimit = limit }: { limit: number; multipartLimit?: number }): RequestHandler {
  return pictureBody({ json: express.json({ limit, strict: false }), multipartLimit, file: 'cover' });
}

/** An author's photo: multipart/form-data with the picture as the file `photo`, read as article writes read theirs. */
export function authorPhotoBody({ limit }: { limit: number }): RequestHandler {
  return pictureBody({ json: null, multipartLimit: limit, file: 'photo' });
}

function pictureBody({ json, multipartLimit, file }: { json: RequestHandler | null; multipartLimit: number; file: PictureField }): RequestHandler {
  const form = pictureForm(file);
  const tooLarge = () => coverTooLarge(PICTURE_USES[file]);
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      if (json && req.is('application/json')) return json(req, res, next);
      sendError(res, 415, json ? 'Content-Type must be application/json or multipart/form-data' : `Content-Type must be multipart/form-data, with the ${file} as the file ${file}`);
      return;
    }
    const declared = Number(req.get('content-length'));
    if (declared > multipartLimit) {
      res.setHeader('Connection', 'close');
      return next(tooLarge());
    }
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      next(error);
    };
    if (!(declared > 0)) {
      // Counted beside multer's own reading (the same chunks, no copy kept).
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        if (received > multipartLimit || settled) return;
        received += chunk.length;
        if (received <= multipartLimit) return;
        res.setHeader('Connection', 'close');
        // Answered once the chunk's event is over: from inside it, the connection could be gone before the client reads the 413.
        setImmediate(settle, tooLarge());
      });
    }
    form(req, res, (error?: unknown) => settle(error === undefined ? undefined : fromMulterError(error, file)));
  };
}

export interface ArticleWrite {
  /** The article's fields, as the editing service validates them. */
  fields: Record<string, unknown>;
  /** A picture to use, null to return to generated art, undefined to leave the cover as it is. */
  cover: Buffer | null | undefined;
}

/** Form fields are text: booleans and an empty date are read as JSON would send them. */
function fromForm(body: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...body };
  if (fields.isBreaking === 'true' || fields.isBreaking === 'false') fields.isBreaking = fields.isBreaking === 'true';
  if (fields.publishedAt === '') fields.publishedAt = null;
  return fields;
}

/**
 * What an article write asks for. JSON: `cover: null` removes the upload (a picture must come as
 * multipart). Multipart: the file `cover` replaces it, an empty text field `cover` removes it.
 * @throws ValidationError naming `cover` for anything else in that field.
 */
export function articleWriteOf(req: Request): ArticleWrite {
  const multipart = Boolean(req.is('multipart/form-data'));
  const body: unknown = req.body ?? {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { fields: body as Record<string, unknown>, cover: undefined };
  const { cover: coverField, ...rest } = body as Record<string, unknown>;
  const fields = multipart ? fromForm(rest) : rest;
  if (multipart && req.file) {
    if (coverField !== undefined) throw invalid('cover', 'Send the cover once: a file, or an empty field to remove it');
    return { fields, cover: req.file.buffer };
  }
  if (coverField === undefined) return { fields, cover: undefined };
  if (coverField === null || (multipart && coverField === '')) return { fields, cover: null };
  throw invalid('cover', multipart ? 'Cover must be a file (or an empty field to remove it)' : COVER_AS_JSON);
}
