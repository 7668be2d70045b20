import { startBenchSite } from './bench-site';

// Serves the benchmark site in its own process (so it does not share a core's event loop with
// the crawler under test) and prints its URL on the first line.

const site = await startBenchSite(Number(process.argv[2] ?? 5000));
console.log(site.url);
process.on('SIGTERM', () => void site.close().then(() => process.exit(0)));
