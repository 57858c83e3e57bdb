import { defineConfig } from 'docsgen';

export default defineConfig({
  title: 'Ianai Docs',
  productName: 'Ianai',
  tagline: {
    en: 'Inventory, orders and manufacturing in one place',
    ko: '재고, 주문, 생산을 한곳에서',
  },
  url: 'https://docs.ianai.com',
  basePath: '/',
  favicon: '/img/logo.svg',
  image: '/img/social-card.png',
  locales: [
    { code: 'en', label: 'English' },
    { code: 'ko', label: '한국어' },
  ],
  navbar: {
    logo: { src: '/img/logo.svg', alt: 'Ianai' },
    items: [
      {
        label: { en: 'Docs', ko: '문서' },
        href: '/docs/tutorial/intro',
        items: [
          { label: { en: 'Product overview', ko: '제품 개요' }, href: '/docs/intro' },
          { label: { en: 'Tutorials', ko: '튜토리얼' }, href: '/docs/tutorial/intro' },
          { label: { en: 'All documentation', ko: '전체 문서' }, href: '/docs' },
        ],
      },
      { label: { en: 'API', ko: 'API' }, href: '/docs/category/ianaiapi' },
      { label: { en: 'Blog', ko: '블로그' }, href: '/blog' },
      { label: { en: 'Home', ko: '홈' }, href: 'https://www.ianai.com' },
      { label: { en: 'Pricing', ko: '요금제' }, href: 'https://www.ianai.com/pricing' },
      { label: { en: 'About', ko: '회사 소개' }, href: 'https://www.ianai.com/about' },
      { label: { en: 'Contact', ko: '문의' }, href: 'https://www.ianai.com/contact' },
    ],
  },
  footer: {
    columns: [
      {
        title: { en: 'Docs', ko: '문서' },
        items: [
          { label: { en: 'Tutorial', ko: '튜토리얼' }, href: '/docs/tutorial/intro' },
          { label: { en: 'Product overview', ko: '제품 개요' }, href: '/docs/intro' },
          { label: { en: 'USPS pricing', ko: 'USPS 요금' }, href: '/docs/usps-erp-pricing' },
        ],
      },
      {
        title: { en: 'Developers', ko: '개발자' },
        href: '/docs/category/ianaiapi',
        items: [
          { label: { en: 'API authentication', ko: 'API 인증' }, href: '/docs/api/authentication' },
          { label: { en: 'Integrations', ko: '연동' }, href: '/docs/category/integrations' },
        ],
      },
      {
        title: { en: 'More', ko: '더 보기' },
        items: [
          { label: { en: 'Blog', ko: '블로그' }, href: '/blog' },
          { label: { en: 'Ianai home', ko: 'Ianai 홈' }, href: 'https://www.ianai.com' },
        ],
      },
      {
        title: { en: 'Legal', ko: '법적 고지' },
        items: [
          { label: { en: 'Terms of service', ko: '서비스 약관' }, href: 'https://www.ianai.com/terms' },
          { label: { en: 'Privacy policy', ko: '개인정보 처리방침' }, href: 'https://www.ianai.com/privacy' },
          { label: { en: 'License', ko: '라이선스' }, href: 'https://www.ianai.com/license' },
        ],
      },
    ],
    copyright: { en: `Copyright © ${new Date().getFullYear()} Ianai, Inc.`, ko: `Copyright © ${new Date().getFullYear()} Ianai, Inc. All rights reserved.` },
  },
  announcement: {
    id: 'api-2-0-0',
    text: { en: 'API 2.0.0 is here: idempotency keys, bulk work orders and more.', ko: 'API 2.0.0 출시: 멱등성 키와 작업 지시 일괄 처리를 지원합니다.' },
    href: '/docs/category/ianaiapi',
    linkText: { en: 'Read the API guide', ko: 'API 가이드 보기' },
    dismissible: true,
  },
  colorMode: { default: 'light', switch: true },
  docs: { versionLabel: 'next', mainDoc: 'tutorial/intro', sidebarDir: 'tutorial' },
  toc: { minLevel: 2, maxLevel: 3 },
  search: {
    indexName: 'ianai-docs',
    missingResultsUrl: 'https://www.ianai.com/contact?topic=docs-search',
  },
  blog: {
    title: { en: 'Blog', ko: '블로그' },
    description: { en: 'Product news and deep dives from the Ianai team', ko: 'Ianai 팀이 전하는 제품 소식과 심층 가이드' },
    postsPerPage: 10,
  },
  markdown: { allowHtml: false },
  openapi: {
    spec: 'openapi/ianai.yaml',
    routeBase: '/docs/api',
    categorySlug: 'ianaiapi',
    label: { en: 'API reference', ko: 'API 레퍼런스' },
    overlays: { ko: 'openapi/ianai.overlay.ko.yaml' },
    releaseDate: '2026-03-02',
    releases: [{ version: '1.9.0', date: '2025-09-15', spec: 'openapi/releases/1.9.0/ianai.yaml', overlays: { ko: 'openapi/releases/1.9.0/ianai.overlay.ko.yaml' } }],
  },
});
