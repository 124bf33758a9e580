/** Search Candidates (spec section 2): simple or advanced search over the device's candidates, offline too. */
import { useCallback, useState } from 'react';
import { DEFAULT_CANDIDATE_SEARCH, EMPTY_ADVANCED_SEARCH, hasSearchCriteria, searchResultsHeader, type CandidateSearch } from '@shared/candidates/search';
import { paginate } from '@shared/list/pagination';
import { CandidateDetailDialog } from '@/features/candidates/components/detail/CandidateDetailDialog';
import { loadErrorText, useCandidateList } from '@/features/candidates/hooks/useCandidateList';
import { Button } from '@/ui/Button';
import { Pagination } from '@/ui/Pagination';
import { Spinner } from '@/ui/Spinner';
import { UploadIcon } from '@/ui/icons';
import { useUiStore } from '@/ui/ui-store';
import { AdvancedSearchPanel } from './components/AdvancedSearchPanel';
import { SearchResultsTable } from './components/SearchResultsTable';
import { SimpleSearchBox } from './components/SimpleSearchBox';
import { useSearchResults } from './useSearchResults';

export const SEARCH_NO_MATCHES = 'No candidates match your search criteria.';
export const SEARCH_NO_CANDIDATES = 'No candidates found. Try importing some using the CSV upload button.';

export function SearchPage() {
  const openImport = useUiStore((state) => state.openImport);
  const list = useCandidateList();
  const { error } = list;
  const [search, setSearchState] = useState<CandidateSearch>(DEFAULT_CANDIDATE_SEARCH);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [openUid, setOpenUid] = useState<string | null>(null);
  const closeDetail = useCallback(() => setOpenUid(null), []);
  const results = useSearchResults(list, search);

  const setSearch = (next: CandidateSearch) => {
    setSearchState(next);
    setPage(1);
  };
  const advanced = search.mode === 'advanced';
  const pageData = paginate(results.unique, page, pageSize);
  const header = searchResultsHeader(results.found, results.unique.length, results.found - results.unique.length);

  let body;
  if (error) body = <p role="alert" className="text-destructive">{loadErrorText(error)}</p>;
  else if (list.status !== 'ready') body = <Spinner label="Loading candidates..." className="justify-self-center py-12" />;
  else if (results.unique.length === 0 && hasSearchCriteria(search)) body = <p className="py-8 text-center text-muted-foreground">{SEARCH_NO_MATCHES}</p>;
  else if (results.unique.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <p className="text-muted-foreground">{SEARCH_NO_CANDIDATES}</p>
        <Button onClick={openImport}>
          <UploadIcon /> Import Candidates
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <p className="flex flex-wrap gap-x-2 text-sm" aria-live="polite">
          <span className="font-medium">{header.found}</span>
          <span className="text-muted-foreground">{header.unique}</span>
          {header.duplicates && <span className="text-muted-foreground">{header.duplicates}</span>}
        </p>
        <SearchResultsTable rows={pageData.items.map((entry) => entry.candidate)} onOpen={setOpenUid} />
        <Pagination page={pageData} onPageChange={setPage} onPageSizeChange={(size) => { setPageSize(size); setPage(1); }} label="Search results pages" />
      </>
    );
  }

  return (
    <section className="grid min-w-0 grid-cols-1 gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Search Candidates</h1>
        <p className="text-muted-foreground">Find and filter candidates in your database</p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {/* In advanced mode the simple query is ignored (spec), so the box is put away meanwhile. */}
        {!advanced && (
          <div className="min-w-0 flex-1 basis-72">
            <SimpleSearchBox query={search.query} onChange={(query) => setSearch({ ...search, query })} />
          </div>
        )}
        <Button variant="outline" aria-expanded={advanced} onClick={() => setSearch({ ...search, mode: advanced ? 'simple' : 'advanced' })}>
          {advanced ? 'Simple Search' : 'Advanced Search'}
        </Button>
      </div>
      {advanced && (
        <AdvancedSearchPanel
          filters={search.advanced}
          onChange={(filters) => setSearch({ ...search, advanced: filters })}
          onClear={() => setSearch({ ...search, advanced: EMPTY_ADVANCED_SEARCH })}
          onHide={() => setSearch({ ...search, mode: 'simple' })}
        />
      )}
      {body}
      <CandidateDetailDialog uid={openUid} onClose={closeDetail} />
    </section>
  );
}
