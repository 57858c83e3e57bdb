// The files of a new site (`docsgen init`): the config, a home page, docs with a category and a
// blog post, in English and Korean. A locale without starter text gets no files: its pages fall
// back to the default locale's until they are translated.

export interface StarterOptions {
  /** Locale codes; the first is the default. */
  locales: string[];
  /** The blog post's date (YYYY-MM-DD). */
  date: string;
}

interface Texts {
  label: string;
  tagline: string;
  docs: string;
  blog: string;
  home: string;
  intro: string;
  guide: { label: string; description: string };
  install: string;
  write: string;
  post: string;
}

const TEXTS: Record<string, Texts> = {
  en: {
    label: 'English',
    tagline: 'Documentation for my product',
    docs: 'Docs',
    blog: 'Blog',
    home: `---
title: My Docs
description: Documentation for my product
---

Start with the [introduction](/docs/intro), then follow the [guide](/docs/category/guide).
News and release notes are on the [blog](/blog).
`,
    intro: `---
title: Introduction
sidebar_position: 1
---

This site was made with \`docsgen init\`. Every page is a Markdown file under \`content/en/\`:
edit one while \`docsgen serve\` runs and the browser shows the change.

## What is where

- \`site.config.ts\`: the title, the languages, the navigation bar and the footer.
- \`content/en/docs/\`: these docs. Each folder is a category of the sidebar.
- \`content/en/blog/\`: blog posts, one file per post, its date in the file name.
- \`content/en/pages/\`: standalone pages; \`index.md\` is the home page.

Next: [install the product](./guide/install.md).
`,
    guide: { label: 'Guide', description: 'Install the product and write your first page.' },
    install: `---
title: Install
sidebar_position: 1
---

Describe how to install your product here.

\`\`\`bash title="Install"
npm install my-product
\`\`\`

:::tip
Admonitions like this one are written with \`:::tip\`, \`:::note\`, \`:::warning\` and \`:::danger\`.
:::

Next: [write a page](./write-a-page.md).
`,
    write: `---
title: Write a page
sidebar_position: 2
---

Add a Markdown file under \`content/en/docs/\` and it appears in the sidebar. Its title comes
from the \`title\` in its front matter, its place from \`sidebar_position\`.

## Link to other pages

Link to another page by its file, relative to this one: [the introduction](../intro.md).
docsgen checks every link when it builds and names the file and line of a broken one.
`,
    post: `---
title: Welcome
tags: [news]
---

The blog of this site. Write a post as a Markdown file named after its date.

<!-- truncate -->

Everything above the \`truncate\` comment is the excerpt on the blog's list.
`,
  },
  ko: {
    label: '한국어',
    tagline: '제품 문서',
    docs: '문서',
    blog: '블로그',
    home: `---
title: 내 문서
description: 제품 문서
---

[소개](/docs/intro)부터 읽고 [가이드](/docs/category/guide)를 따라 해 보세요.
소식과 릴리스 노트는 [블로그](/blog)에 있습니다.
`,
    intro: `---
title: 소개
sidebar_position: 1
---

이 사이트는 \`docsgen init\`으로 만들었습니다. 모든 페이지는 \`content/ko/\` 아래의 Markdown
파일입니다. \`docsgen serve\`를 실행한 채 파일을 고치면 브라우저에 바로 반영됩니다.

## 파일 구성

- \`site.config.ts\`: 사이트 제목, 언어, 내비게이션 바, 푸터를 설정합니다.
- \`content/ko/docs/\`: 이 문서입니다. 폴더 하나가 사이드바의 카테고리 하나가 됩니다.
- \`content/ko/blog/\`: 블로그 글입니다. 글 하나가 파일 하나이며 파일 이름에 날짜를 씁니다.
- \`content/ko/pages/\`: 독립 페이지입니다. \`index.md\`가 홈 페이지입니다.

다음 단계: [제품 설치하기](./guide/install.md)
`,
    guide: { label: '가이드', description: '제품을 설치하고 첫 페이지를 작성합니다.' },
    install: `---
title: 설치
sidebar_position: 1
---

여기에 제품 설치 방법을 설명하세요.

\`\`\`bash title="설치"
npm install my-product
\`\`\`

:::tip
이런 안내 상자는 \`:::tip\`, \`:::note\`, \`:::warning\`, \`:::danger\`로 작성합니다.
:::

다음 단계: [페이지 작성하기](./write-a-page.md)
`,
    write: `---
title: 페이지 작성하기
sidebar_position: 2
---

\`content/ko/docs/\` 아래에 Markdown 파일을 추가하면 사이드바에 나타납니다. 제목은 front matter의
\`title\`에서, 순서는 \`sidebar_position\`에서 정해집니다.

## 다른 페이지로 링크하기

다른 페이지는 현재 파일을 기준으로 한 상대 경로로 링크합니다. 예: [소개](../intro.md)
docsgen은 빌드할 때마다 모든 링크를 확인하고, 깨진 링크가 있으면 파일과 줄 번호를 알려 줍니다.
`,
    post: `---
title: 환영합니다
tags: [news]
---

이 사이트의 블로그입니다. 글은 날짜를 파일 이름으로 한 Markdown 파일로 작성합니다.

<!-- truncate -->

\`truncate\` 주석 위의 내용이 블로그 목록에 요약으로 표시됩니다.
`,
  },
};

/** The native name of a language ('ja' -> '日本語'), for the language menu. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A string as a single-quoted TypeScript literal. */
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Site-relative path -> contents. */
export function starterFiles({ locales, date }: StarterOptions): Map<string, string> {
  const files = new Map<string, string>();
  const [defaultLocale] = locales;
  const text = (locale: string) => TEXTS[locale] ?? (locale === defaultLocale ? TEXTS.en : undefined);
  const localized = (pick: (t: Texts) => string) => {
    if (locales.length === 1) return quote(pick(text(defaultLocale)!));
    const entries = locales.flatMap((l) => (TEXTS[l] ? [`${l}: ${quote(pick(TEXTS[l]))}`] : []));
    if (!TEXTS[defaultLocale]) entries.unshift(`${defaultLocale}: ${quote(pick(TEXTS.en))}`);
    return `{ ${entries.join(', ')} }`;
  };
  const localeList = locales.map((l) => `    { code: ${quote(l)}, label: ${quote(TEXTS[l]?.label ?? languageName(l))} },`).join('\n');
  files.set(
    'site.config.ts',
    `import { defineConfig } from 'docsgen';

export default defineConfig({
  title: 'My Docs',
  tagline: ${localized((t) => t.tagline)},
  // The address the site is published at (canonical links, the sitemap, feeds).
  url: 'https://docs.example.com',
${locales.join() !== 'en' ? `  locales: [\n${localeList}\n  ],\n` : ''}  navbar: {
    items: [
      { label: ${localized((t) => t.docs)}, href: '/docs/intro' },
      { label: ${localized((t) => t.blog)}, href: '/blog' },
    ],
  },
  footer: {
    copyright: \`Copyright © \${new Date().getFullYear()} My Company\`,
  },
});
`,
  );
  files.set('.gitignore', 'dist/\n.docsgen/\nnode_modules/\n');
  for (const locale of locales) {
    const t = text(locale);
    if (!t) continue;
    const dir = `content/${locale}`;
    files.set(`${dir}/pages/index.md`, t.home);
    files.set(`${dir}/docs/intro.md`, t.intro);
    files.set(
      `${dir}/docs/guide/_category_.json`,
      JSON.stringify({ label: t.guide.label, position: 2, link: { type: 'generated-index', description: t.guide.description } }, null, 2) + '\n',
    );
    files.set(`${dir}/docs/guide/install.md`, t.install);
    files.set(`${dir}/docs/guide/write-a-page.md`, t.write);
    files.set(`${dir}/blog/${date}-welcome.md`, t.post);
  }
  return files;
}
