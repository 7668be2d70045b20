import { describe, expect, it } from 'vitest';
import { crawlBodyOf, crawlDraftOf, NEW_CRAWL } from './crawl-settings';

describe('crawl settings', () => {
  it('leaves empty optional fields out so the server defaults apply', () => {
    expect(crawlBodyOf({ ...NEW_CRAWL, initial_url: ' https://a.test/ ', max_pages: undefined })).toEqual({
      initial_url: 'https://a.test/',
      same_domain: true,
      include_patterns: [],
      exclude_patterns: [],
      max_depth: 2,
      follow_feed_items: 'auto',
    });
  });

  it('sends patterns one per line, trimmed, and the schema as a number', () => {
    const body = crawlBodyOf({
      ...NEW_CRAWL,
      initial_url: 'https://a.test/',
      tag: ' news ',
      schema_id: '7',
      include_patterns: ' /a/ \n\n/b/',
      time_limit_seconds: 60,
    });
    expect(body).toMatchObject({ tag: 'news', schema_id: 7, include_patterns: ['/a/', '/b/'], time_limit_seconds: 60 });
  });

  it('reads a stored template back, tolerating missing or mistyped values', () => {
    const template = {
      initial_url: 'https://a.test/feed',
      schema_id: 3,
      max_pages: 20,
      same_domain: false,
      include_patterns: ['/x/', 5, '/y/'],
      time_limit_seconds: 'soon',
      follow_feed_items: 'sometimes',
    };
    expect(crawlDraftOf(template)).toEqual({
      initial_url: 'https://a.test/feed',
      tag: '',
      schema_id: '3',
      max_pages: 20,
      max_depth: undefined,
      same_domain: false,
      include_patterns: '/x/\n/y/',
      exclude_patterns: '',
      time_limit_seconds: undefined,
      follow_feed_items: 'auto',
    });
    expect(crawlBodyOf(crawlDraftOf(template))).toEqual({
      initial_url: 'https://a.test/feed',
      schema_id: 3,
      max_pages: 20,
      same_domain: false,
      include_patterns: ['/x/', '/y/'],
      exclude_patterns: [],
      follow_feed_items: 'auto',
    });
  });
});
