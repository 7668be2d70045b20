import { z } from 'zod';
import { messageSchema } from '@ideamine/shared/contract/common';
import {
  createSettingBody,
  settingKeyParam,
  settingSchema,
  updateSettingBody,
} from '@ideamine/shared/contract/pipeline-config';
import { permission } from '@ideamine/shared/permissions';
import { isSettingKey, KNOWN_SETTINGS, type SettingKey } from '@ideamine/shared/settings';
import { writeAudit } from '@ideamine/server/commands/audit';
import { llmEndpointPolicy } from '@ideamine/server/llm/choose-provider';
import { checkEndpoint } from '@ideamine/server/net/endpoint-policy';
import type { Db } from '@ideamine/server/db/database';
import { ApiError, notFound } from '@ideamine/server/errors';
import type { Actor } from '@ideamine/server/commands/admin-users';
import { defineRoute, ok } from '../define';

// Settings: known keys only, each value checked against its own schema. Deleting a setting
// returns it to its default.

const tag = 'Settings';

function known(key: string, status: 'not-found' | 'invalid'): SettingKey {
  if (isSettingKey(key)) return key;
  if (status === 'not-found') throw notFound(`Setting '${key}'`);
  throw new ApiError('VALIDATION_ERROR', `key must be one of ${Object.keys(KNOWN_SETTINGS).join(', ')}`, 'key');
}

function checkValue(key: SettingKey, value: unknown): unknown {
  const parsed = (KNOWN_SETTINGS[key].schema as z.ZodType).safeParse(value);
  if (!parsed.success)
    throw new ApiError(
      'VALIDATION_ERROR',
      `value is not valid for ${key}: ${parsed.error.issues[0]?.message}`,
      'value',
    );
  return parsed.data;
}

/**
 * Checks beyond the value's shape. The LLM base URL receives the API key, so it must pass the
 * endpoint address policy (checked again on every connection).
 */
async function checkEndpointSetting(db: Db, key: SettingKey, value: unknown): Promise<void> {
  if (key !== 'llm.openai_base_url') return;
  const refusal = await checkEndpoint(String(value), await llmEndpointPolicy(db));
  if (refusal) throw new ApiError('VALIDATION_ERROR', `value is not allowed for ${key}: ${refusal}`, 'value');
}

async function present(db: Db, key: SettingKey) {
  const row = await db.selectFrom('settings').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
  const def = KNOWN_SETTINGS[key];
  return {
    key,
    value: row ? row.value : def.default,
    default: def.default,
    description: def.description,
    is_default: !row,
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

async function save(db: Db, actor: Actor, key: SettingKey, value: unknown) {
  await checkEndpointSetting(db, key, value);
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    await trx
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_by: actor.id })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_by: actor.id, updated_at: new Date() }),
      )
      .execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'setting.update',
      entityType: 'setting',
      entityId: key,
      before: before?.value ?? null,
      after: value,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}

export const settingRoutes = [
  defineRoute({
    id: 'settings.list',
    method: 'GET',
    path: '/settings',
    summary: 'Every known setting with its value, default and description',
    tag,
    requirement: permission('settings', 'read'),
    response: z.array(settingSchema),
    handler: async ({ app }) =>
      ok(await Promise.all((Object.keys(KNOWN_SETTINGS) as SettingKey[]).map((k) => present(app.db, k)))),
  }),

  defineRoute({
    id: 'settings.get',
    method: 'GET',
    path: '/settings/:key',
    summary: 'One known setting with its value, default and description',
    tag,
    requirement: permission('settings', 'read'),
    params: settingKeyParam,
    response: settingSchema,
    handler: async ({ app, params }) => ok(await present(app.db, known(params.key, 'not-found'))),
  }),

  defineRoute({
    id: 'settings.create',
    method: 'POST',
    path: '/settings',
    summary: 'Set a known setting by key',
    tag,
    requirement: permission('settings', 'write'),
    body: createSettingBody,
    response: settingSchema,
    successStatus: 201,
    handler: async ({ app, auth, body, client, requestId }) => {
      const key = known(body.key, 'invalid');
      await save(app.db, { id: auth!.user.id, ip: client.ip, requestId }, key, checkValue(key, body.value));
      return ok(await present(app.db, key));
    },
  }),

  defineRoute({
    id: 'settings.update',
    method: 'PUT',
    path: '/settings/:key',
    summary: 'Change a setting',
    tag,
    requirement: permission('settings', 'write'),
    params: settingKeyParam,
    body: updateSettingBody,
    response: settingSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const key = known(params.key, 'not-found');
      await save(app.db, { id: auth!.user.id, ip: client.ip, requestId }, key, checkValue(key, body.value));
      return ok(await present(app.db, key));
    },
  }),

  defineRoute({
    id: 'settings.delete',
    method: 'DELETE',
    path: '/settings/:key',
    summary: 'Return a setting to its default',
    tag,
    requirement: permission('settings', 'delete'),
    params: settingKeyParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      const key = known(params.key, 'not-found');
      await app.db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('settings').where('key', '=', key).returning('value').executeTakeFirst();
        await writeAudit(trx, {
          actorId: auth!.user.id,
          action: 'setting.delete',
          entityType: 'setting',
          entityId: key,
          before: gone?.value ?? null,
          ip: client.ip,
          requestId,
        });
      });
      return ok({ message: 'Setting deleted successfully' });
    },
  }),
];
