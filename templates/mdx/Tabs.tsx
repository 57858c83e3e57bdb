// @theme/Tabs with @theme/TabItem, as Docusaurus pages write them: the ARIA tabs pattern (arrow
// keys, Home and End move between tabs; each tab selects on focus), `defaultValue` or a TabItem's
// `default`, `values` for labels, `lazy`, `groupId` (every Tabs of the group follows the choice, on
// this page and on later ones: tabChoices.ts) and `queryString` (?key=value selects, and follows,
// the tab). The server renders the default tab; the stored or requested one is selected once the
// page is hydrated.
import { Children, cloneElement, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import type { TabItemProps } from './TabItem.tsx';
import { choose, storedChoice, subscribe } from './tabChoices.ts';

export interface TabValue {
  value: string;
  label?: ReactNode;
  attributes?: Record<string, unknown>;
}

export interface TabsProps {
  children?: ReactNode;
  values?: TabValue[];
  defaultValue?: string | null;
  groupId?: string;
  /** true: ?<groupId>=value; a string: ?<that key>=value. */
  queryString?: boolean | string;
  /** Render only the selected tab's content. */
  lazy?: boolean;
  className?: string;
}

export default function Tabs({ children, values, defaultValue, groupId, queryString, lazy, className }: TabsProps) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement<TabItemProps>(c) && c.props.value !== undefined);
  const tabs: TabValue[] = values ?? items.map((item) => ({ value: item.props.value, label: item.props.label, attributes: item.props.attributes }));
  checkValues(tabs, defaultValue);
  const initial = defaultValue ?? items.find((item) => item.props.default)?.props.value ?? tabs[0]?.value;
  const [selected, setSelected] = useState(initial);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const queryKey = queryString === true ? groupId : typeof queryString === 'string' ? queryString : undefined;
  const known = tabs.map((t) => t.value).join('\n');

  useEffect(() => {
    const valid = (v: string | null | undefined): v is string => typeof v === 'string' && known.split('\n').includes(v);
    const requested = queryKey ? new URLSearchParams(location.search).get(queryKey) : null;
    const stored = groupId ? storedChoice(groupId) : null;
    if (valid(requested)) setSelected(requested);
    else if (valid(stored)) setSelected(stored);
    if (!groupId) return undefined;
    return subscribe(groupId, (value) => valid(value) && setSelected(value));
  }, [groupId, queryKey, known]);

  function select(value: string) {
    setSelected(value);
    if (groupId) choose(groupId, value);
    if (queryKey) {
      const url = new URL(location.href);
      url.searchParams.set(queryKey, value);
      history.replaceState(history.state, '', url);
    }
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[next].value);
    buttons.current[next]?.focus();
  }

  const tabId = (i: number) => `${id}-tab-${i}`;
  const panelId = (i: number) => `${id}-panel-${i}`;
  return (
    <div className={`tabs${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-orientation="horizontal">
        {tabs.map((tab, i) => {
          const isSelected = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(i)}
              aria-controls={panelId(i)}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(tab.value)}
              onKeyDown={(event) => onKeyDown(event, i)}
              {...tab.attributes}
            >
              {tab.label ?? tab.value}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const i = tabs.findIndex((t) => t.value === item.props.value);
        const hidden = item.props.value !== selected;
        if (lazy && hidden) return null;
        return cloneElement(item, { key: item.props.value, id: panelId(i), labelledBy: tabId(i), hidden });
      })}
    </div>
  );
}

function checkValues(tabs: TabValue[], defaultValue: string | null | undefined): void {
  const seen = new Set<string>();
  for (const { value } of tabs) {
    if (seen.has(value)) throw new Error(`<Tabs> has two tabs with the value "${value}": give each <TabItem> a value of its own`);
    seen.add(value);
  }
  if (defaultValue != null && !seen.has(defaultValue))
    throw new Error(`<Tabs defaultValue="${defaultValue}"> names no tab: the values are ${[...seen].map((v) => `"${v}"`).join(', ')}`);
}
