import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ConflictError, NotFoundError, uniqueViolation } from "@/lib/errors";
import { parseId } from "@/lib/ids";
import type { Template } from "@/lib/contract/templates";
import type { TemplateInput } from "./schemas";
import {
  TEMPLATE_NAME_TAKEN_MESSAGE,
  TEMPLATE_NOT_FOUND_MESSAGE,
  TEMPLATES_FULL_MESSAGE,
  TEMPLATES_MAX,
} from "./limits";

// A person's templates (docs/decisions/125-templates.md): a name, and the title and text a new page
// starts from. Every query names the owner: another person's template is the same 404 as none.

type Row = { id: string; name: string; title: string; content: string; createdAt: Date; updatedAt: Date };

const COLUMNS = sql`id, name, title, content, created_at as "createdAt", updated_at as "updatedAt"`;

function templateOf(row: Row): Template {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    content: row.content,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** A name another of the caller's templates has is a 409 naming the field. */
function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === "templates_user_name_key") throw new ConflictError(TEMPLATE_NAME_TAKEN_MESSAGE, "name");
  throw err;
}

/** GET /api/templates: the caller's templates by name. */
export async function listTemplates({ db, userId }: { db: Db; userId: string }): Promise<Template[]> {
  const { rows } = await db.execute<Row>(sql`
    select ${COLUMNS} from templates where user_id = ${userId}::uuid order by lower(name), id`);
  return rows.map(templateOf);
}

/**
 * POST /api/templates: a new template, at most TEMPLATES_MAX a person. The count and the insert
 * hold the person's templates alone (an advisory lock), so two at once cannot pass the limit.
 */
export async function createTemplate({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: TemplateInput;
}): Promise<Template> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('inkwell/templates/' || ${userId}::text, 0))`);
      const { rows } = await tx.execute<Row>(sql`
        insert into templates (user_id, name, title, content)
        select ${userId}::uuid, ${input.name}, ${input.title}, ${input.content}
        where (select count(*) from templates where user_id = ${userId}::uuid) < ${TEMPLATES_MAX}
        returning ${COLUMNS}`);
      if (!rows[0]) throw new ConflictError(TEMPLATES_FULL_MESSAGE);
      return templateOf(rows[0]);
    })
    .catch(nameTaken);
}

/** PUT /api/templates/{id}: the template's name, title and text replaced. */
export async function updateTemplate({
  db,
  userId,
  id,
  input,
}: {
  db: Db;
  userId: string;
  id: string;
  input: TemplateInput;
}): Promise<Template> {
  const templateId = parseId({ value: id, message: TEMPLATE_NOT_FOUND_MESSAGE });
  const { rows } = await db
    .execute<Row>(
      sql`
      update templates set name = ${input.name}, title = ${input.title}, content = ${input.content}, updated_at = now()
      where id = ${templateId}::uuid and user_id = ${userId}::uuid
      returning ${COLUMNS}`,
    )
    .catch(nameTaken);
  if (!rows[0]) throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  return templateOf(rows[0]);
}

/** DELETE /api/templates/{id}. */
export async function deleteTemplate({ db, userId, id }: { db: Db; userId: string; id: string }): Promise<void> {
  const templateId = parseId({ value: id, message: TEMPLATE_NOT_FOUND_MESSAGE });
  const { rows } = await db.execute(
    sql`delete from templates where id = ${templateId}::uuid and user_id = ${userId}::uuid returning 1`,
  );
  if (!rows.length) throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
}
