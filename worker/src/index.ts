// The pg-boss workers (crawl, transform, enrich, analyse) arrive with the pipeline issue.
export {};
