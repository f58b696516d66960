/** What a shared link shows: the page title, a description, the canonical URL and an image. */
export interface PageMeta {
  title: string
  description: string
  url: string
  image?: string | undefined
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Put a page's title, description and Open Graph / Twitter card tags into the SPA's index.html, so
 * a listing shared in a chat or on social media shows the event, not a blank app shell.
 */
export function injectPageMeta(html: string, meta: PageMeta, siteName: string): string {
  const title = escapeAttribute(meta.title)
  const description = escapeAttribute(meta.description)
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttribute(siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttribute(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeAttribute(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${escapeAttribute(meta.url)}" />`,
  ].join('\n    ')
  return html
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `    ${tags}\n  </head>`)
}
