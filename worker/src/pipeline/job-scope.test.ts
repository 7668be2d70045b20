import { describe, expect, it } from 'vitest';
import { robotsSitemaps, sitemapUrls } from '../crawl/discover';
import { scopeOf, stopReason, TIME_LIMIT_REASON, type CrawlJob } from './job-scope';

// Scope rules on their own, without a crawl.

const job = (o: Partial<CrawlJob> = {}): CrawlJob =>
  ({
    initial_url: 'https://ideas.example/',
    same_domain: true,
    include_patterns: [],
    exclude_patterns: [],
    follow_patterns: [],
    status: 'active',
    cancelled_at: null,
    started_at: new Date(),
    time_limit_seconds: 60,
    ...o,
  }) as CrawlJob;

describe('job scope', () => {
  it('filters pages by follow patterns but lets sitemaps and feeds through', () => {
    const inScope = scopeOf(job({ follow_patterns: ['/ideas/\\d+$'], exclude_patterns: ['/ideas/9$'] }));
    expect(inScope({ url: 'https://ideas.example/ideas/1', via: 'link' })).toBe(true);
    expect(inScope({ url: 'https://ideas.example/about', via: 'link' })).toBe(false);
    expect(inScope({ url: 'https://ideas.example/feed.xml', via: 'feed', index: true })).toBe(true);
    expect(inScope({ url: 'https://ideas.example/ideas/9', via: 'link' })).toBe(false);
    // Index documents still obey the job's own scope.
    expect(inScope({ url: 'https://other.example/sitemap.xml', via: 'sitemap', index: true })).toBe(false);
  });

  it('skips a stored pattern the engine refuses, reporting it, and applies the rest', () => {
    const refused: string[] = [];
    const inScope = scopeOf(
      job({ include_patterns: ['/ideas/(?=\\d)', '/ideas/'], exclude_patterns: ['(x)\\1'] }),
      (err) => refused.push(`${err.pattern}: ${err.problem}`),
    );
    expect(refused).toEqual([
      expect.stringMatching(/^\/ideas\/\(\?=\\d\): uses a lookahead/),
      expect.stringMatching(/^\(x\)\\1: uses a backreference/),
    ]);
    expect(inScope({ url: 'https://ideas.example/ideas/1', via: 'link' })).toBe(true);
    expect(inScope({ url: 'https://ideas.example/about', via: 'link' })).toBe(false);
  });

  it('matches a hostile pattern against a hostile URL at once', () => {
    const inScope = scopeOf(job({ include_patterns: ['(a+)+b'] }));
    expect(inScope({ url: `https://ideas.example/${'a'.repeat(5000)}!`, via: 'link' })).toBe(false);
    expect(inScope({ url: `https://ideas.example/${'a'.repeat(5000)}b`, via: 'link' })).toBe(true);
  });

  it('marks sitemap indexes and robots.txt sitemaps as indexes, urlset entries as pages', () => {
    const index = '<?xml version="1.0"?><sitemapindex><sitemap><loc>/s1.xml</loc></sitemap></sitemapindex>';
    const urlset = '<?xml version="1.0"?><urlset><url><loc>/a</loc></url></urlset>';
    const base = 'https://ideas.example/sitemap.xml';
    expect(sitemapUrls(index, base)).toEqual([{ url: 'https://ideas.example/s1.xml', via: 'sitemap', index: true }]);
    expect(sitemapUrls(urlset, base)).toEqual([{ url: 'https://ideas.example/a', via: 'sitemap' }]);
    expect(robotsSitemaps(['https://ideas.example/map.xml', '/rel.xml', 'ftp://x/'], 'https://ideas.example')).toEqual([
      { url: 'https://ideas.example/map.xml', via: 'sitemap', index: true },
      { url: 'https://ideas.example/rel.xml', via: 'sitemap', index: true },
    ]);
  });

  it('stops a job that is cancelled, ended or out of time', () => {
    expect(stopReason(job())).toBeNull();
    expect(stopReason(job({ started_at: null, time_limit_seconds: 1 }))).toBeNull(); // not started yet
    expect(stopReason(job({ started_at: new Date(Date.now() - 61_000) }))).toBe(TIME_LIMIT_REASON);
    expect(stopReason(job({ cancelled_at: new Date() }))).toBe('Job cancelled');
    expect(stopReason(job({ status: 'completed' }))).toBe('Job is completed');
  });
});
