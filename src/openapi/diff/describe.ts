// A change in words, in English or Korean, for the CLI and the changelog page. Names are in
// backticks; the page turns them into code.
import type { ApiDiff, Change } from './types.ts';

type Locale = 'en' | 'ko';

const WHERE: Record<Locale, Record<string, string>> = {
  en: {
    path: 'path parameter',
    query: 'query parameter',
    header: 'header',
    cookie: 'cookie',
    request: 'request body field',
    response: 'response {status} field',
  },
  ko: { path: '경로 매개변수', query: '쿼리 매개변수', header: '헤더', cookie: '쿠키', request: '요청 본문 필드', response: '응답 {status} 필드' },
};

const WHOLE: Record<Locale, { request: string; response: string }> = {
  en: { request: 'request body', response: 'response {status} body' },
  ko: { request: '요청 본문', response: '응답 {status} 본문' },
};

const TEXT: Record<Locale, Record<Change['kind'], string>> = {
  en: {
    'operation-deprecated': 'Deprecated',
    'operation-undeprecated': 'No longer deprecated',
    'parameter-added': '{Subject} added{required}',
    'parameter-removed': '{Subject} removed',
    'parameter-required': '{Subject} is now required',
    'parameter-optional': '{Subject} is now optional',
    'body-added': 'Request body added{required}',
    'body-removed': 'Request body removed',
    'body-required': 'Request body is now required',
    'body-optional': 'Request body is now optional',
    'field-added': '{Subject} added{required}',
    'field-removed': '{Subject} removed',
    'field-required': '{Subject} is now required',
    'field-optional': '{Subject} is now optional',
    'type-changed': '{Subject}: type changed from `{from}` to `{to}`',
    'enum-value-added': '{Subject}: value `{value}` added',
    'enum-value-removed': '{Subject}: value `{value}` removed',
    'response-added': 'Response {status} added',
    'response-removed': 'Response {status} removed',
    'security-added': 'Security requirement `{value}` added',
    'security-removed': 'Security requirement `{value}` removed',
  },
  ko: {
    'operation-deprecated': '지원 중단으로 지정',
    'operation-undeprecated': '지원 중단 지정 해제',
    'parameter-added': '{Subject} 추가{required}',
    'parameter-removed': '{Subject} 삭제',
    'parameter-required': '{Subject}: 필수로 변경',
    'parameter-optional': '{Subject}: 선택으로 변경',
    'body-added': '요청 본문 추가{required}',
    'body-removed': '요청 본문 삭제',
    'body-required': '요청 본문: 필수로 변경',
    'body-optional': '요청 본문: 선택으로 변경',
    'field-added': '{Subject} 추가{required}',
    'field-removed': '{Subject} 삭제',
    'field-required': '{Subject}: 필수로 변경',
    'field-optional': '{Subject}: 선택으로 변경',
    'type-changed': '{Subject}: 타입이 `{from}`에서 `{to}`(으)로 변경',
    'enum-value-added': '{Subject}: 값 `{value}` 추가',
    'enum-value-removed': '{Subject}: 값 `{value}` 삭제',
    'response-added': '응답 {status} 추가',
    'response-removed': '응답 {status} 삭제',
    'security-added': '보안 요구 사항 `{value}` 추가',
    'security-removed': '보안 요구 사항 `{value}` 삭제',
  },
};

const REQUIRED: Record<Locale, { required: string; optional: string }> = {
  en: { required: ' (required)', optional: '' },
  ko: { required: '(필수)', optional: '' },
};

export function describeChange(change: Change, locale: Locale = 'en'): string {
  const status = change.status ?? '';
  let subject: string;
  if ((change.in === 'request' || change.in === 'response') && !change.name) subject = WHOLE[locale][change.in];
  else subject = `${WHERE[locale][change.in] ?? change.in} \`${change.name ?? ''}\``;
  subject = subject.replace('{status}', status);
  const required = change.to === 'required' ? REQUIRED[locale].required : '';
  return TEXT[locale][change.kind]
    .replace('{Subject}', subject.charAt(0).toUpperCase() + subject.slice(1))
    .replace('{required}', required)
    .replace('{status}', status)
    .replace('{from}', change.from ?? '')
    .replace('{to}', change.to ?? '')
    .replace('{value}', change.value ?? '');
}

/** The CLI's report: operations added and removed, then each changed operation with its changes. */
export function formatDiff(diff: ApiDiff): string {
  const { added, removed, changed } = diff.operations;
  const lines: string[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(`${plural(added.length, 'operation')} added, ${removed.length} removed, ${changed.length} changed; ${plural(diff.breaking, 'breaking change')}.`);
  if (added.length) lines.push('', 'Added:', ...added.map((o) => `  ${o.method} ${o.path}`));
  if (removed.length) lines.push('', 'Removed (breaking):', ...removed.map((o) => `  ${o.method} ${o.path}`));
  if (changed.length) {
    lines.push('', 'Changed:');
    for (const op of changed) {
      lines.push(`  ${op.method} ${op.path}`);
      for (const c of op.changes) lines.push(`    ${c.breaking ? 'breaking  ' : '          '}${describeChange(c)}`);
    }
  }
  return lines.join('\n') + '\n';
}
