// Icons of the search UI (decorative: every control that carries one also has a text label).
const common = { width: 20, height: 20, viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false } as const;
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const SearchIcon = () => (
  <svg {...common} className="search-icon-magnifier">
    <circle cx="8.5" cy="8.5" r="5.5" {...stroke} />
    <path d="M17 17l-4.2-4.2" {...stroke} />
  </svg>
);

export const SpinnerIcon = () => (
  <svg {...common} className="search-icon-spinner">
    <path d="M10 3a7 7 0 1 0 7 7" {...stroke} />
  </svg>
);

export const PageIcon = () => (
  <svg {...common}>
    <path d="M5 2.5h6.5L15 6v11.5H5z M11.5 2.5V6H15" {...stroke} />
  </svg>
);

export const SectionIcon = () => (
  <svg {...common}>
    <path d="M8 3.5 6.5 16.5M13.5 3.5 12 16.5M4 7.5h12.5M3.5 12.5H16" {...stroke} />
  </svg>
);

export const ContentIcon = () => (
  <svg {...common}>
    <path d="M4 5h12M4 9h12M4 13h8" {...stroke} />
  </svg>
);

export const RecentIcon = () => (
  <svg {...common}>
    <circle cx="10" cy="10" r="7" {...stroke} />
    <path d="M10 6v4l2.5 2" {...stroke} />
  </svg>
);

export const StarIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg {...common}>
    <path d="M10 2.8l2.2 4.6 5 .6-3.7 3.4 1 5-4.5-2.5-4.5 2.5 1-5L2.8 8l5-.6z" {...stroke} fill={filled ? 'currentColor' : 'none'} />
  </svg>
);

export const CloseIcon = () => (
  <svg {...common}>
    <path d="M5 5l10 10M15 5 5 15" {...stroke} />
  </svg>
);

export const EnterIcon = () => (
  <svg {...common}>
    <path d="M16 4v5.5a2 2 0 0 1-2 2H5M8 8.5l-3 3 3 3" {...stroke} />
  </svg>
);

export const NoResultsIcon = () => (
  <svg {...common} width={40} height={40}>
    <circle cx="8.5" cy="8.5" r="5.5" {...stroke} />
    <path d="M17 17l-4.2-4.2M6.5 6.5l4 4M10.5 6.5l-4 4" {...stroke} />
  </svg>
);

export const ErrorIcon = () => (
  <svg {...common} width={40} height={40}>
    <path d="M2 7.5a11 11 0 0 1 16 0M5 11a6.5 6.5 0 0 1 10 0M8 14.3a2.5 2.5 0 0 1 4 0M3 3l14 14" {...stroke} />
  </svg>
);

/** The line linking a page's hits under its own (DocSearch's tree connector). */
export const TreeIcon = ({ last }: { last: boolean }) => (
  <svg width="24" height="54" viewBox="0 0 24 54" aria-hidden="true" focusable="false" className="search-hit-tree">
    <path d={last ? 'M8 0v27h10' : 'M8 0v54M8 27h10'} fill="none" stroke="currentColor" strokeWidth="1.5" />
  </svg>
);
