import { lastBookableDate, todayInAgencyZone } from "@agency/domain";
import { type ReactNode, useState } from "react";
import { InputField } from "../../components/form-controls";
import type { FieldError } from "../../lib/api";
import { TimeSlotPicker } from "./time-slot-picker";
import { slotChoices, useDaySlots } from "./use-day-slots";

type RescheduleErrors = { date?: string; time?: string; form?: string };

/** What a refused move answered: its message, its field errors, whether the time was taken. */
export type RescheduleRefusal = {
  message: string;
  fieldErrors: FieldError[];
  isSlotTaken: boolean;
};

/**
 * The new date and time of a booking being moved (decision 0035), as the visitor's manage
 * page and staff's Move dialog both ask for it: the choice, its errors and the chosen day's
 * slots. `current` is the booking's own slot, never offered as the new one.
 */
export function useReschedule(current: { date: string; time: string }) {
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [errors, setErrors] = useState<RescheduleErrors>({});
  const slots = useDaySlots(date);

  /** True when a date and a time are chosen; otherwise says what is missing. */
  const checkChosen = (): boolean => {
    if (date && time) return true;
    setErrors({
      ...(date ? {} : { date: "Please choose a date" }),
      ...(time ? {} : { time: "Please choose a time" }),
      form: "Choose a new date and a free time first.",
    });
    return false;
  };

  /** After a refused move: a time taken meanwhile is dropped and its day asked again. */
  const showRefusal = ({ message, fieldErrors, isSlotTaken }: RescheduleRefusal) => {
    if (isSlotTaken) {
      setTime("");
      slots.refresh();
    }
    const field = (name: string) => fieldErrors.find((f) => f.field === name)?.message;
    setErrors({
      ...(field("date") ? { date: field("date") } : {}),
      ...(field("time") ? { time: field("time") } : {}),
      form: message,
    });
  };

  return {
    current,
    date,
    time,
    errors,
    slots,
    setDate,
    setTime,
    clearErrors: () => setErrors({}),
    /** A field changed: its error goes, the others stay. */
    dropError: (name: "date" | "time") => setErrors(({ [name]: _, ...rest }) => rest),
    checkChosen,
    showRefusal,
  };
}

export type Reschedule = ReturnType<typeof useReschedule>;

/**
 * The new date and the free times of that day, for a form built on `useReschedule`; a
 * change clears that field's error, and a new date drops the chosen time.
 */
export function RescheduleFields({
  reschedule,
  idPrefix,
  dateHint,
}: {
  reschedule: Reschedule;
  /** The fields' ids are `${idPrefix}-date` and `${idPrefix}-time`. */
  idPrefix: string;
  dateHint?: ReactNode;
}) {
  const { current, date, time, errors, slots, setDate, setTime } = reschedule;
  const now = new Date();
  const choices = slotChoices(slots.state, now).map((choice) =>
    date === current.date && choice.time === current.time
      ? { ...choice, isSelectable: false }
      : choice,
  );
  return (
    <>
      <InputField
        id={`${idPrefix}-date`}
        label="New date"
        type="date"
        value={date}
        min={todayInAgencyZone(now)}
        max={lastBookableDate(now)}
        error={errors.date}
        hint={dateHint}
        onValueChange={(value) => {
          setDate(value);
          setTime("");
          reschedule.dropError("date");
        }}
      />
      <TimeSlotPicker
        id={`${idPrefix}-time`}
        value={time}
        choices={choices}
        state={slots.state}
        error={errors.time}
        onChoose={(value) => {
          setTime(value);
          reschedule.dropError("time");
        }}
        onBlur={() => undefined}
      />
    </>
  );
}
