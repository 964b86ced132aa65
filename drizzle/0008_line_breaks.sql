-- Entries written through the diary's form before line breaks were normalised were stored with the
-- CRLF a multipart body carries; keep the LF the writer typed (lib/validation/fields.ts).
UPDATE "journals" SET "title" = replace("title", E'\r\n', E'\n'), "content" = replace("content", E'\r\n', E'\n')
WHERE "title" LIKE E'%\r%' OR "content" LIKE E'%\r%';
