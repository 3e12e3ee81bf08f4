import { extractArticle, fragmentToText, listingLinks } from './html-extract';
import { FeedParseError, parseFeedDocument } from './feed-parse';

describe('HTML to text', () => {
  it('keeps code blocks verbatim, including <br> line breaks and indentation', () => {
    const { text } = fragmentToText(
      '<p>Run:</p><pre>cmd.exe /c echo a<br>  &amp;&amp; whoami<br>\tnet user</pre><p>done</p>',
      'http://x.test/',
    );
    expect(text).toBe('Run:\n\n```\ncmd.exe /c echo a\n  && whoami\n\tnet user\n```\n\ndone');
  });

  it('keeps inline command lines exact and separates blocks, lists and table cells', () => {
    const { text } = fragmentToText(
      '<p>It ran <code>rundll32.exe  C:\\x.dll,Start</code> then stopped. Also <code>a</code>,<code>b</code>.</p><ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr></table>',
      'http://x.test/',
    );
    expect(text).toContain('It ran `rundll32.exe  C:\\x.dll,Start` then stopped. Also `a`,`b`.');
    expect(text).toContain('- one\n- two');
    expect(text).toMatch(/a \| b \|/);
  });

  it('drops scripts and styles and resolves image URLs', () => {
    const { text, imageUrls } = fragmentToText(
      '<script>alert(1)</script><style>p{}</style><p>Body</p><img src="/a.png"><img src="data:image/png;base64,AA">',
      'http://x.test/post/1',
    );
    expect(text).toBe('Body');
    expect(imageUrls).toEqual(['http://x.test/a.png']);
  });

  it('extracts the main article of a page, its title and publication date', () => {
    const paragraph = `<p>${'The loader used rundll32 to start a DLL from the temp folder before contacting its server. '.repeat(6)}</p>`;
    const page = `<html><head><title>Report | Lab</title><meta property="article:published_time" content="2025-02-03T04:05:06Z"></head><body>
      <nav><a href="/">Home</a><a href="/blog">Blog</a></nav><article><h1>Report</h1>${paragraph}<pre>whoami /all</pre>${paragraph}</article>
      <footer>Subscribe to our newsletter. Copyright.</footer></body></html>`;
    const result = extractArticle(page, 'http://x.test/report');
    expect(result.title).toContain('Report');
    expect(result.publishedAt?.toISOString()).toBe('2025-02-03T04:05:06.000Z');
    expect(result.text).toContain('```\nwhoami /all\n```');
    expect(result.text).not.toContain('Copyright');
  });

  it('finds same-origin article links on a listing page', () => {
    const html =
      '<main><h2><a href="/posts/1">One</a></h2><h2><a href="https://other.test/x">Other</a></h2><h3><a href="posts/2#top">Two</a></h3><a href="/posts/1">dup</a></main>';
    expect(listingLinks(html, 'http://x.test/blog/', 'main a[href]', 10)).toEqual(['http://x.test/posts/1', 'http://x.test/blog/posts/2']);
  });
});

describe('feed parsing', () => {
  it('reads RSS 1.0 (RDF) too', () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="http://x.test/"><title>RDF</title><link>http://x.test/</link><description>d</description></channel>
      <item rdf:about="http://x.test/1"><title>One</title><link>http://x.test/1</link><dc:date>2025-01-02T00:00:00Z</dc:date><description>summary</description></item></rdf:RDF>`;
    const feed = parseFeedDocument(rdf, 'http://x.test/feed');
    expect(feed.format).toBe('rdf');
    expect(feed.entries).toEqual([
      expect.objectContaining({ url: 'http://x.test/1', title: 'One', summaryHtml: 'summary', contentHtml: null }),
    ]);
    expect(feed.entries[0].publishedAt?.toISOString()).toBe('2025-01-02T00:00:00.000Z');
  });

  it('resolves relative links and keeps JSON Feed plain text line breaks', () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 't',
      items: [{ id: '1', url: '/p/1', content_text: 'line one\nline <two>' }],
    });
    const feed = parseFeedDocument(json, 'http://x.test/feed.json');
    expect(feed.entries[0].url).toBe('http://x.test/p/1');
    expect(fragmentToText(feed.entries[0].contentHtml ?? '', 'http://x.test/').text).toBe('```\nline one\nline <two>\n```');
  });

  it('refuses documents that are not feeds', () => {
    expect(() => parseFeedDocument('<html><body>hi</body></html>', 'http://x.test/')).toThrow(FeedParseError);
    expect(() => parseFeedDocument('<rss version="2.0"><channel><item><title>unclosed', 'http://x.test/')).toThrow(FeedParseError);
  });
});
