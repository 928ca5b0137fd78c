// Every test file loads this first (vitest.config.ts setupFiles). Screens load their pages lazily, and
// the whole suite shares two cores with the API tests: testing-library's default of 1 s for findBy and
// waitFor made busy runs fail on a screen that was merely slow. A real failure still fails, later.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
