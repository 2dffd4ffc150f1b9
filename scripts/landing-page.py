#!/usr/bin/env python3
"""Gives the landing page that `docc merge` synthesizes an abstract and an overview.

`docc merge` makes the combined site's landing page from the archives' names alone (one card per module).
This script renders scripts/landing-page.md into it: the first paragraph becomes the page's abstract, the
rest its content (headings, paragraphs, lists; `code`, **strong** and <doc:Module/Article> links). Each
link is resolved against the built archives; one that names no page fails the script, as an unresolved
link fails `docc convert`.

    scripts/landing-page.py scripts/landing-page.md .build/docs
"""
import json
import os
import re
import sys


def fail(message):
    print("error: scripts/landing-page.md: " + message, file=sys.stderr)
    sys.exit(1)


def page_json(out, link):
    """The render JSON of the page `Module` or `Module/Article` in the module's archive."""
    parts = link.split("/")
    module = parts[0]
    data = os.path.join(out, module + ".doccarchive", "data", "documentation")
    path = os.path.join(data, *[p.lower() for p in parts]) + ".json"
    if not os.path.exists(path):
        fail("<doc:%s> names no page (no %s)" % (link, path))
    with open(path) as f:
        return json.load(f)


def reference(out, link, references):
    page = page_json(out, link)
    identifier = page["identifier"]["url"]
    if identifier not in references:
        metadata = page.get("metadata", {})
        url = "/documentation/" + "/".join(p.lower() for p in link.split("/"))
        references[identifier] = {
            "type": "topic",
            "identifier": identifier,
            "title": metadata.get("title", link),
            "url": url,
            "kind": "article" if metadata.get("role") == "article" else "symbol",
            "role": metadata.get("role", "article"),
            "abstract": page.get("abstract", []),
        }
    return identifier


INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*|<doc:([^>]+)>")


def inline(text, out, references):
    result = []
    position = 0
    for match in INLINE.finditer(text):
        if match.start() > position:
            result.append({"type": "text", "text": text[position:match.start()]})
        code, strong, link = match.groups()
        if code is not None:
            result.append({"type": "codeVoice", "code": code})
        elif strong is not None:
            result.append({"type": "strong", "inlineContent": [{"type": "text", "text": strong}]})
        else:
            result.append({"type": "reference", "isActive": True, "identifier": reference(out, link, references)})
        position = match.end()
    if position < len(text):
        result.append({"type": "text", "text": text[position:]})
    return result


def blocks(lines):
    """Paragraphs, headings and lists, as (kind, value) with lines joined."""
    result = []
    paragraph = []
    items = None  # (ordered, [item text])

    def flush():
        nonlocal paragraph, items
        if paragraph:
            result.append(("paragraph", " ".join(paragraph)))
            paragraph = []
        if items:
            result.append(("list", items))
            items = None

    for line in lines:
        stripped = line.strip()
        heading = re.match(r"^(#{2,4}) (.*)$", stripped)
        bullet = re.match(r"^(-|\d+\.) (.*)$", stripped)
        if not stripped:
            flush()
        elif stripped.startswith("```"):
            fail("code blocks are not supported on the landing page")
        elif heading:
            flush()
            result.append(("heading", (len(heading.group(1)), heading.group(2))))
        elif bullet:
            if paragraph:
                flush()
            ordered = bullet.group(1) != "-"
            if items is None:
                items = (ordered, [])
            items[1].append(bullet.group(2))
        elif items is not None and line.startswith("  "):
            items[1][-1] += " " + stripped
        else:
            if items is not None:
                flush()
            paragraph.append(stripped)
    flush()
    return result


def main():
    source, out = sys.argv[1], sys.argv[2]
    with open(source) as f:
        parsed = blocks(f.read().split("\n"))
    if not parsed or parsed[0][0] != "paragraph":
        fail("the first paragraph is the abstract")
    landing_path = os.path.join(out, "site", "data", "documentation.json")
    with open(landing_path) as f:
        landing = json.load(f)
    references = landing.setdefault("references", {})
    landing["abstract"] = inline(parsed[0][1], out, references)
    content = []
    for kind, value in parsed[1:]:
        if kind == "heading":
            level, text = value
            anchor = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
            content.append({"type": "heading", "level": level, "text": text, "anchor": anchor})
        elif kind == "paragraph":
            content.append({"type": "paragraph", "inlineContent": inline(value, out, references)})
        else:
            ordered, texts = value
            content.append({
                "type": "orderedList" if ordered else "unorderedList",
                "items": [
                    {"content": [{"type": "paragraph", "inlineContent": inline(t, out, references)}]} for t in texts
                ],
            })
    landing["primaryContentSections"] = [{"kind": "content", "content": content}]
    with open(landing_path, "w") as f:
        json.dump(landing, f)
    links = sum(1 for _ in re.finditer(r"<doc:", open(source).read()))
    print("Landing page: an abstract and %d blocks, %d links resolved" % (len(content), links))


main()
