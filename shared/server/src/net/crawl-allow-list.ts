import net from 'node:net';
import { readSetting } from '../commands/settings';
import type { Db } from '../db/database';
import { hostPortOf, parseAllowList, type AllowList } from './address-policy';

/**
 * What a crawler of this deployment may reach although private: CRAWL_ALLOW_PRIVATE plus the
 * demo site's own port when it is served on a private IP (this server on loopback, by default).
 * Only that port, not the address: the crawler still cannot reach the database beside it.
 */
export function privateHostsOf(config: { crawlAllowPrivate: string; demoSiteUrl: string }): string {
  const demo = new URL(config.demoSiteUrl);
  const own = net.isIPv4(demo.hostname) ? hostPortOf(demo) : '';
  return [config.crawlAllowPrivate, own].filter(Boolean).join(',');
}

/** The private hosts the crawler may reach: the deployment's (above) plus the crawl.allow_private_hosts setting. */
export async function crawlAllowList(db: Db, fromEnv: string): Promise<AllowList> {
  return parseAllowList([fromEnv, ...(await readSetting(db, 'crawl.allow_private_hosts'))].join(','));
}
