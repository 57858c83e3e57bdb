// The home page, in both locales: what Ianai's documentation covers and where to start.
import type { ClientSiteData, PageData } from 'docsgen';

export const meta = {
  title: { en: 'Ianai Docs', ko: 'Ianai 문서' },
  description: {
    en: 'Guides and API reference for Ianai: inventory, sales, purchasing, manufacturing and shipping in one system.',
    ko: 'Ianai의 재고, 판매, 구매, 생산, 배송 기능을 다루는 가이드와 API 레퍼런스입니다.',
  },
};

const COPY = {
  en: {
    heading: 'Run inventory, orders and manufacturing from one system',
    intro:
      'Step-by-step guides for every part of Ianai, from your first item to multi-level builds, and a complete reference for the Ianai REST API 2.0.0.',
    start: 'Start the tutorial',
    api: 'Explore the API',
    areasTitle: 'Find your way around',
    areas: [
      { title: 'Quick start', text: 'Create your account, learn the list views, set up company settings and invite your team.', href: '/docs/category/quick-start' },
      { title: 'Core features', text: 'Items, customers, estimates, sales and purchase orders, receiving, shipments and returns.', href: '/docs/category/core-features' },
      { title: 'Manufacturing', text: 'Bills of materials, builds, work orders, work plans, work centers and routings.', href: '/docs/category/advanced-features' },
      { title: 'Shipping', text: 'Carriers, labels, automation rules, international shipments and USPS pricing.', href: '/docs/category/shipping' },
      { title: 'Integrations', text: 'Connect Shopify, BigCommerce and QuickBooks Online, and fix sync problems.', href: '/docs/category/integrations' },
      { title: 'API reference', text: 'Authentication, pagination, errors and every endpoint, with examples in curl, JavaScript and Python.', href: '/docs/category/ianaiapi' },
    ],
  },
  ko: {
    heading: '재고, 주문, 생산을 하나의 시스템에서 관리하세요',
    intro: '첫 품목 등록부터 다단계 생산까지 Ianai의 모든 기능을 단계별로 안내하고, Ianai REST API 2.0.0의 전체 레퍼런스를 제공합니다.',
    start: '튜토리얼 시작하기',
    api: 'API 살펴보기',
    areasTitle: '주제별로 찾아보기',
    areas: [
      { title: '빠른 시작', text: '계정을 만들고 목록 보기 사용법을 익힌 뒤 회사 설정을 마치고 팀원을 초대합니다.', href: '/docs/category/quick-start' },
      { title: '핵심 기능', text: '품목, 고객, 견적, 판매 주문과 구매 주문, 입고, 출고, 반품을 다룹니다.', href: '/docs/category/core-features' },
      { title: '생산 관리', text: '자재 명세서(BOM), 생산, 작업 지시, 작업 계획, 작업장, 공정 경로를 설명합니다.', href: '/docs/category/advanced-features' },
      { title: '배송', text: '운송사 연결, 배송 라벨, 자동화 규칙, 해외 배송과 USPS 요금을 안내합니다.', href: '/docs/category/shipping' },
      { title: '연동', text: 'Shopify, BigCommerce, QuickBooks Online을 연결하고 동기화 문제를 해결합니다.', href: '/docs/category/integrations' },
      { title: 'API 레퍼런스', text: '인증, 페이지 나누기, 오류 처리와 모든 엔드포인트를 curl, JavaScript, Python 예제와 함께 제공합니다.', href: '/docs/category/ianaiapi' },
    ],
  },
};

// Simple line icons for the area cards, in the order of `areas`. Decorative only.
const ICONS = [
  'M13 2L4 14h7l-1 8 9-12h-7z',
  'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10',
  'M3 20V10l5 3.5V10l5 3.5V5h6v15zM3 20h18',
  'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01',
  'M9 7H6a4 4 0 0 0 0 8h3M15 7h3a4 4 0 0 1 0 8h-3M8 11h8',
  'M8 6l-5 6 5 6M16 6l5 6-5 6M14 4l-4 16',
];

export default function Home({ page, site }: { page: PageData; site: ClientSiteData }) {
  const copy = page.locale === 'ko' ? COPY.ko : COPY.en;
  const prefix = site.locales.find((l) => l.code === page.locale)?.prefix ?? '';
  const href = (path: string) => (site.basePath === '/' ? '' : site.basePath.replace(/\/$/, '')) + prefix + path;
  return (
    <main id="main" className="home" tabIndex={-1}>
      <section className="hero" aria-labelledby="home-title">
        <div className="hero-inner">
          <p className="hero-product">{site.productName}</p>
          <h1 id="home-title">{copy.heading}</h1>
          <p className="lead">{copy.intro}</p>
          <div className="hero-actions">
            <a className="button button-large" href={href('/docs/tutorial/intro')}>
              {copy.start}
            </a>
            <a className="button button-secondary button-large" href={href('/docs/category/ianaiapi')}>
              {copy.api}
            </a>
          </div>
        </div>
      </section>
      <section className="home-areas" aria-labelledby="home-areas-title">
        <h2 id="home-areas-title">{copy.areasTitle}</h2>
        <ul className="card-grid home-cards">
          {copy.areas.map((area, i) => (
            <li key={area.href} className="card">
              <a href={href(area.href)}>
                <span className="card-icon" aria-hidden="true">
                  <svg width="22" height="22" viewBox="0 0 24 24" focusable="false">
                    <path d={ICONS[i % ICONS.length]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </span>
                <h3 className="card-title">{area.title}</h3>
                <p className="card-text">{area.text}</p>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
