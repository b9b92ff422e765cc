/** The web pages an AI article was written from, each opening in a new tab. */
export function SourcesList({ sources, className = '' }: { sources: string[]; className?: string }) {
  return (
    <ul className={`list-disc space-y-1 pl-5 text-sm ${className}`}>
      {sources.map((url) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="break-all underline">
            {url}
          </a>
        </li>
      ))}
    </ul>
  )
}
