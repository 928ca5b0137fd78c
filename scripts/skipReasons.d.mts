type Report = {
  testResults?: { assertionResults?: { status: string; title: string; ancestorTitles?: string[] }[] }[];
};
export declare function skipReasons(report: Report): string[];
