import { useState, type DragEvent } from 'react';
import { FileCheck2, ShieldCheck, ShieldX } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { parseCertificateReference, parseSha256, useVerifyCertificate } from '../api/verify-certificate.ts';

/** Reads a dropped report: JSON as an object, a PDF as base64. */
async function readDocument(file: File): Promise<Record<string, unknown> | string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')) {
    let binary = '';
    for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    return btoa(binary);
  }
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

/**
 * Verify a certificate by token id or transaction hash, optionally against a report anyone holds:
 * its file (PDF or JSON) or its SHA-256.
 */
export function VerifyPanel() {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [hashText, setHashText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [hashProblem, setHashProblem] = useState<string | null>(null);
  const verify = useVerifyCertificate();

  const submit = async () => {
    const reference = parseCertificateReference(text);
    if (!reference) {
      setProblem('Enter a token ID (a number) or a transaction hash (0x and 64 hex characters).');
      return;
    }
    setProblem(null);
    const contentSha256 = hashText.trim() ? parseSha256(hashText) : undefined;
    if (contentSha256 === null) {
      setHashProblem('A SHA-256 is 64 hex characters (0x may precede them).');
      return;
    }
    setHashProblem(null);
    let document: Record<string, unknown> | string | undefined;
    if (file) {
      try {
        document = await readDocument(file);
      } catch {
        setProblem(`${file.name} is neither a report PDF nor report JSON.`);
        return;
      }
    }
    // A dropped file is checked in full; the hash is for a report whose file is not to hand.
    verify.mutate({ reference, document, contentSha256: document === undefined ? contentSha256 : undefined });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };
  const result = verify.data;
  return (
    <div className="space-y-3">
      <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <div className="min-w-64 flex-1">
          <Field label="Token ID or transaction hash" htmlFor="verify-reference" error={problem ?? undefined}>
            <Input id="verify-reference" value={text} placeholder="e.g. 12 or 0x…" onChange={(event) => setText(event.target.value)} />
          </Field>
        </div>
        <Button type="submit" disabled={verify.isPending}>{verify.isPending ? 'Verifying…' : 'Verify'}</Button>
      </form>
      <div onDragOver={(event) => event.preventDefault()} onDrop={onDrop} className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600">
        <label className="flex cursor-pointer items-center gap-2">
          <FileCheck2 aria-hidden="true" className="size-4" />
          <span>{file ? `Report to check: ${file.name}` : 'Drop a report PDF or JSON here, or choose one, to check it against the hash on chain'}</span>
          <input type="file" accept=".pdf,.json,application/pdf,application/json" className="sr-only" aria-label="Report file to check" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
      </div>
      <Field label="Or the report's SHA-256 (its content hash, or its PDF's)" htmlFor="verify-sha256" error={hashProblem ?? undefined}>
        <Input id="verify-sha256" value={hashText} placeholder="64 hex characters" onChange={(event) => setHashText(event.target.value)} />
      </Field>
      {verify.isError ? <p role="alert" className="text-sm text-red-700">{verify.error.message}</p> : null}
      {result ? (
        <div role="status" className={result.verified ? 'rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900' : 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900'}>
          <p className="flex items-center gap-2 font-semibold">
            {result.verified ? <ShieldCheck aria-hidden="true" className="size-4" /> : <ShieldX aria-hidden="true" className="size-4" />}
            {result.verified ? 'Verified' : 'Not verified'}
          </p>
          <p className="wrap-anywhere">{result.reason}</p>
          <ul className="mt-2 list-disc pl-5 text-xs wrap-anywhere">
            {result.checks.map((check) => <li key={check.name}>{check.passed ? '✓' : '✗'} {check.name}: {check.detail}</li>)}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
