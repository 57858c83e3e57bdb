// @docusaurus/ExecutionEnvironment: what the code runs in (false on the server while the build renders).
const canUseDOM = typeof window !== 'undefined' && typeof window.document !== 'undefined';

const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

export default ExecutionEnvironment;
