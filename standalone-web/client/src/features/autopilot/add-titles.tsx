// Giving a plan its titles: one at a time (title, comma-separated keywords, notes), or many from a CSV file whose
// refused rows are listed with their line numbers (nothing is imported while any row is wrong).
import { FileUp, Plus } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useForm, type Control } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { BoundForm } from "../../components/ui/bound-form";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { OptionalLabel, TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../hooks/use-toast";
import { errorMessage } from "../../lib/api";
import { zodResolver } from "../../lib/zod-resolver";
import { csvProblems, type CsvProblem } from "./autopilot-queries";
import { emptyPlanItem, planItemSchema, type PlanItemFields, type PlanItemValues } from "./plan-form-schema";
import { useAddItems, useImportCsv } from "./plan-mutations";

export function AddTitleCard({ planId }: { planId: number }) {
  const form = useForm<PlanItemValues, unknown, PlanItemFields>({
    resolver: zodResolver(planItemSchema),
    defaultValues: { ...emptyPlanItem },
  });
  const add = useAddItems(planId, () => form.reset({ ...emptyPlanItem }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a title</CardTitle>
        <CardDescription>Titles are written in the order you add them, one per slot.</CardDescription>
      </CardHeader>
      <CardContent>
        <BoundForm form={form} label="Add a title" onSubmit={(item) => add.mutate([item])}>
          <TitleFields control={form.control} />
          <Button type="submit" className="justify-self-start" loading={add.isPending}>
            {add.isPending ? null : <Plus aria-hidden="true" />}
            {add.isPending ? "Adding..." : "Add title"}
          </Button>
        </BoundForm>
      </CardContent>
    </Card>
  );
}

/** The title, keywords and notes fields of a title (adding one, or editing a planned one). */
export function TitleFields({ control }: { control: Control<PlanItemValues, unknown, PlanItemFields> }) {
  return (
    <>
      <TextField
        control={control}
        name="title"
        label="Title"
        placeholder="e.g. How to Choose Trail Running Shoes"
        autoComplete="off"
      />
      <TextField
        control={control}
        name="keywords"
        label="Keywords"
        placeholder="trail running shoes, shoe fitting"
        autoComplete="off"
        description="Separate keywords with commas."
      />
      <TextareaField
        control={control}
        name="notes"
        label={<OptionalLabel>Notes</OptionalLabel>}
        placeholder="Anything the writer should know: the angle, products to mention, the tone."
        className="min-h-20"
      />
    </>
  );
}

/** The server refuses files over 512 KB; a bigger one is not sent at all. */
const MAX_CSV_BYTES = 512 * 1024;

function readText(file: File): Promise<string> {
  if (typeof file.text === "function") return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsText(file);
  });
}

interface ImportRefusal {
  message: string;
  problems: CsvProblem[];
}

export function ImportCsvCard({ planId }: { planId: number }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const importCsv = useImportCsv(planId, () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    setRefusal(null);
    if (file.size > MAX_CSV_BYTES) {
      setRefusal({ message: "The file is larger than 512 KB. Split it into smaller files.", problems: [] });
      return;
    }
    let csv: string;
    setReading(true);
    try {
      csv = await readText(file);
    } catch {
      setRefusal({ message: "The file could not be read. Please choose it again.", problems: [] });
      return;
    } finally {
      setReading(false);
    }
    importCsv.mutate(csv, {
      onError: (error) => {
        const problems = csvProblems(error);
        const message = errorMessage(error, "We could not import the file. Please try again.");
        setRefusal({ message, problems: problems ?? [] });
        if (!problems) toast({ title: "Import failed", description: message, variant: "destructive" });
      },
    });
  }

  const busy = reading || importCsv.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import titles from a CSV file</CardTitle>
        <CardDescription>
          The first row names the columns: <strong>title</strong> and <strong>keywords</strong>, and optionally{" "}
          <strong>notes</strong> and <strong>date</strong> (like 2026-03-30). Separate keywords inside their cell with
          semicolons.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Import titles" onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>CSV file</Label>
            <Input
              ref={inputRef}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="h-auto py-1.5"
              aria-describedby={refusal ? `${id}-problems` : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setRefusal(null);
              }}
            />
          </div>

          {refusal ? (
            <div
              id={`${id}-problems`}
              role="alert"
              className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm"
            >
              <p className="font-semibold text-destructive">{refusal.message}</p>
              {refusal.problems.length > 0 ? (
                <ul className="grid list-disc gap-1 pl-5" aria-label="Problems in the file">
                  {refusal.problems.map((problem, index) => (
                    <li key={`${problem.line}-${index}`}>
                      {problem.line > 0 ? <strong>Line {problem.line}: </strong> : null}
                      {problem.reason}
                    </li>
                  ))}
                </ul>
              ) : null}
              {refusal.problems.length > 0 ? (
                <p className="text-muted-foreground">
                  Nothing was imported. Fix these lines and import the file again.
                </p>
              ) : null}
            </div>
          ) : null}

          <Button type="submit" variant="outline" className="justify-self-start" disabled={!file} loading={busy}>
            {busy ? null : <FileUp aria-hidden="true" />}
            {busy ? "Importing..." : "Import file"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
