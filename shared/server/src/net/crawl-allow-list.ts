import { readSetting } from '../commands/settings';
import type { Db } from '../db/database';
import { parseAllowList, type AllowList } from './address-policy';

/** The private hosts the crawler may reach: CRAWL_ALLOW_PRIVATE plus the crawl.allow_private_hosts setting. */
export async function crawlAllowList(db: Db, fromEnv: string): Promise<AllowList> {
  return parseAllowList([fromEnv, ...(await readSetting(db, 'crawl.allow_private_hosts'))].join(','));
}
