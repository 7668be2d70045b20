import { KNOWN_SETTINGS, type SettingKey, type SettingValue } from '@ideamine/shared/settings';
import type { Db } from '../db/database';

/** A known setting's stored value, or its default when unset or no longer valid. */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const known = KNOWN_SETTINGS[key];
  const parsed = known.schema.safeParse(row?.value);
  return (parsed.success ? parsed.data : known.default) as SettingValue<K>;
}
