/**
 * Hand-written AWR reports for the tests: layouts the corpus has no real file of, written
 * column for column from FORMATS.md 3 and the real text report in the corpus
 * (jasmin__awr-text_12.2.0.1_aix_single.txt), and, for 11.2.0.4, from the column masks a
 * public 11.2.0.x AWR-to-CSV parser documents (the "Tota" time column). Figures are invented
 * except where a comment says where they come from.
 */

/**
 * 11.2.0.4 text layout carrying study S2's write-through figures (STUDIES.md S2): top 10 and
 * foreground list (free buffer waits 1,039,389 waits, 12.2K s, 63.0% DB time; cell single block
 * physical read 9,244,945, 4,251.9 s, 22.0%; DB CPU 2,561.1 s ...) and the background list
 * (db file parallel write 7,019 waits, 153 s, 7.4% bg time). As 11.2.0.4 prints them: the top
 * list's time column is 4 characters under "Tota", cut on the right ("12.2" for 12.2K, "736."
 * for 736.8, "4251" for 4,251.9); averages are whole milliseconds (21.74 ms prints as 22);
 * event names are cut at 30 and 26 characters; detail titles start with a form feed.
 */
export const S2_WRITE_THROUGH_11204 = `
WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst Num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
SLOB          3829617521 SLOB1               1 14-Mar-14 09:12 11.2.0.4.0  YES

Host Name        Platform                         CPUs Cores Sockets Memory(GB)
---------------- -------------------------------- ---- ----- ------- ----------
x4db01           Linux x86 64-bit                   48    24       2     251.79

              Snap Id      Snap Time      Sessions Curs/Sess Instances
            --------- ------------------- -------- --------- ---------
Begin Snap:       212 14-Mar-14 10:05:12       398       1.3         4
  End Snap:       213 14-Mar-14 10:10:15       398       1.3         4
   Elapsed:                5.05 (mins)
   DB Time:              322.45 (mins)

Cache Sizes                       Begin        End
~~~~~~~~~~~                  ---------- ----------
               Buffer Cache:       192M       192M  Std Block Size:         8K
           Shared Pool Size:     2,048M     2,048M      Log Buffer:   128,076K

Load Profile                    Per Second   Per Transaction  Per Exec  Per Call
~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------
             DB Time(s):              63.9               0.3      0.34     28.17
              DB CPU(s):               8.5               0.0      0.05      3.74
      Redo size (bytes):      10,875,301.6          51,380.3
  Logical read (blocks):          85,912.4             405.9
          Block changes:          61,054.7             288.5
 Physical read (blocks):          31,689.5             149.7
Physical write (blocks):          33,120.8             156.5
       Read IO requests:          31,688.9             149.7
      Write IO requests:          17,364.1              82.0
           Read IO (MB):             247.6               1.2
          Write IO (MB):             258.8               1.2
             User calls:               2.3               0.0
           Parses (SQL):              20.1               0.1
      Hard parses (SQL):               0.4               0.0
                 Logons:               0.1               0.0
         Executes (SQL):             188.0               0.9
           Transactions:             211.7

Top 10 Foreground Events by Total Wait Time
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                                            Tota    Wait   % DB
Event                                 Waits Time Avg(ms)   time Wait Class
------------------------------ ------------ ---- ------- ------ ----------
free buffer waits                 1,039,389 12.2      12   63.0 Configurat
cell single block physical rea    9,244,945 4251       0   22.0 User I/O
DB CPU                                      2561           13.3
cell list of blocks physical r      358,004 736.       2    3.8 User I/O
latch: gc element                   144,537 368.       3    1.9 Cluster
write complete waits                    571 224.     393    1.2 Configurat
cursor: pin S wait on X               1,793 54.4      30     .3 Concurrenc
enq: RO - fast object reuse              92 43.5     472     .2 Applicatio
latch free                           15,992 18.6       1     .1 Other
latch: gcs resource hash             12,772 17.9       1     .1 Cluster
\f
Time Model Statistics                DB/Inst: SLOB/SLOB1  Snaps: 212-213
-> Total time in database user-calls (DB Time): 19347s
-> Statistics including the word "background" measure background process
   time, and so do not contribute to the DB time statistic
-> Ordered by % or DB time desc, Statistic name

Statistic Name                                       Time (s) % of DB Time
------------------------------------------ ------------------ ------------
sql execute elapsed time                             19,232.6         99.4
DB CPU                                                2,561.1         13.2
parse time elapsed                                        2.1           .0
DB time                                              19,347.0
background elapsed time                               2,057.3
background cpu time                                     160.1
          -------------------------------------------------------------

\fForeground Wait Events               DB/Inst: SLOB/SLOB1  Snaps: 212-213
-> s  - second, ms - millisecond -    1000th of a second
-> Only events with Total Wait Time (s) >= .001 are shown
-> ordered by wait time desc, waits desc (idle events last)
-> %Timeouts: value of 0 indicates value was < .5%.  Value of null is truly 0

                                                             Avg
                                        %Time Total Wait    wait    Waits   % DB
Event                             Waits -outs   Time (s)    (ms)     /txn   time
-------------------------- ------------ ----- ---------- ------- -------- ------
free buffer waits             1,039,389     0     12,182      12     16.2   63.0
cell single block physical    9,244,945     0      4,252       0    144.1   22.0
cell list of blocks physic      358,004     0        737       2      5.6    3.8
latch: gc element               144,537     0        368       3      2.3    1.9
write complete waits                571     0        225     393      0.0    1.2
cursor: pin S wait on X           1,793     0         54      30      0.0     .3
enq: RO - fast object reus           92     0         44     472      0.0     .2
latch free                       15,992     0         19       1      0.2     .1
latch: gcs resource hash         12,772     0         18       1      0.2     .1
SQL*Net message from clien          452     0        912    2017      0.0
          -------------------------------------------------------------

\fBackground Wait Events               DB/Inst: SLOB/SLOB1  Snaps: 212-213
-> ordered by wait time desc, waits desc (idle events last)
-> Only events with Total Wait Time (s) >= .001 are shown
-> %Timeouts: value of 0 indicates value was < .5%.  Value of null is truly 0

                                                             Avg
                                        %Time Total Wait    wait    Waits   % bg
Event                             Waits -outs   Time (s)    (ms)     /txn   time
-------------------------- ------------ ----- ---------- ------- -------- ------
log file parallel write       1,482,466     0      1,150       1     23.1   55.9
db file parallel write            7,019     0        153      22      0.1    7.4
gcs log flush sync               88,230     4         61       1      1.4    3.0
control file sequential re        2,214     0          3       1      0.0     .1
rdbms ipc message                41,022    38      5,460     133      0.6
          -------------------------------------------------------------

End of Report
`;

/**
 * 19c text: the 12.2+ header in two blocks, a unit on every average (52.86 s, 3.23ms,
 * 268.69us; the top events rows are FORMATS.md 3.3's 19c example), an IO Profile with a blank
 * Redo row, a SQL*Plus OUTPUT page heading in the middle of the wait event list (FORMATS.md
 * 3.5), and IOStat counts with a K suffix (364.2K) next to 1024-based data (2.8G).
 */
export const UNITS_19C = `WORKLOAD REPOSITORY report for

DB Name         DB Id    Unique Name DB Role          Edition Release    RAC CDB
------------ ----------- ----------- ---------------- ------- ---------- --- ---
ORCL          1651735733 orcl        PRIMARY          EE      19.0.0.0.0 NO  NO

Instance     Inst Num Startup Time
------------ -------- ---------------
orcl                1 28-Nov-24 21:49

Host Name        Platform                         CPUs Cores Sockets Memory(GB)
---------------- -------------------------------- ---- ----- ------- ----------
dbhost01         Linux x86 64-bit                    8     4       1      31.26

              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:       101 02-Dec-24 13:00:07        41       1.6
  End Snap:       102 02-Dec-24 14:00:09        44       1.7
   Elapsed:               60.03 (mins)
   DB Time:                0.89 (mins)

Load Profile                    Per Second   Per Transaction  Per Exec  Per Call
~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------
             DB Time(s):               0.0              26.7      0.03      0.33
              DB CPU(s):               0.0               0.2      0.00      0.00
      Redo size (bytes):               2.4           4,272.0
 Physical read (blocks):               0.0              11.5
           Transactions:               0.0

Top 10 Foreground Events by Total Wait Time
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                                           Total Wait       Avg   % DB Wait
Event                                Waits Time (sec)      Wait   time Class
------------------------------ ----------- ---------- --------- ------ --------
enq: TX - row lock contention            1       52.9   52.86 s   98.9 Applicat
DB CPU                                             .4               .8
db file sequential read                 13          0    3.23ms     .1 User I/O
control file sequential read            48          0  268.69us     .0 System I

IO Profile                  Read+Write/Second     Read/Second    Write/Second
~~~~~~~~~~                  ----------------- --------------- ---------------
            Total Requests:              12.5             8.1             4.4
             Redo Requests:
                Total (MB):               1.1             0.7             0.4

Foreground Wait Events                     DB/Inst: ORCL/orcl  Snaps: 101-102
-> s  - second, ms - millisecond, us - microsecond, ns - nanosecond
-> Only events with Total Wait Time (s) >= .001 are shown
-> ordered by wait time desc, waits desc (idle events last)
-> %Timeouts: value of 0 indicates value was < .5%.  Value of null is truly 0

                                                Total
                                       %Time     Wait              Waits   % DB
Event                            Waits -outs Time (s)  Avg wait     /txn   time
-------------------------- ----------- ----- -------- --------- -------- ------
enq: TX - row lock content           1             53   52.86 s      0.5   98.9
db file sequential read             13              0    3.23ms      6.5     .1

OUTPUT
control file sequential re          48              0  268.69us     24.0     .0
SQL*Net message from clien          20          3,730  186.48 s     10.0
                          ------------------------------------------------------

IOStat by Function summary                DB/Inst: ORCL/orcl  Snaps: 101-102
-> 'Data' columns suffixed with M,G,T,P are in multiples of 1024
    other columns suffixed with K,M,G,T,P are in multiples of 1000
-> ordered by (Data Read + Write) desc

                 Reads:  Reqs    Data   Writes:  Reqs    Data    Waits:    Avg
Function Name      Data per sec per sec    Data per sec per sec   Count    Time
--------------- ------- ------- ------- ------- ------- ------- ------- --------
Buffer Cache Re    2.8G   101.1   .801M      0M     0.0      0M  364.2K 113.87us
LGWR                 1M     0.0      0M    555M    29.0   .154M  103.7K 385.96us
TOTAL:             4.2G   109.3  1.196M    2.1G    42.8   .606M  497.8K 171.85us
                          ------------------------------------------------------

End of Report
`;

/** UNITS_19C cut off in the middle of the Foreground Wait Events list: no "End of Report". */
export const TRUNCATED_19C = UNITS_19C.slice(0, UNITS_19C.indexOf('control file sequential re          48'));

/** 11.2.0.4 header with Russian month names, as FORMATS.md 3.1 reports for an NLS session ("10-Дек-17"). */
export const RUSSIAN_MONTHS_11204 = `WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
ERP           1122334455 erp1                1 01-Дек-17 08:00 11.2.0.4.0  NO

Host Name        Platform                         CPUs Cores Sockets Memory(GB)
---------------- -------------------------------- ---- ----- ------- ----------
erpdb            Linux x86 64-bit                   16     8       2      94.41

              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:      4711 10-Дек-17 13:00:41       212       2.2
  End Snap:      4712 10-Дек-17 14:00:12       215       2.2
   Elapsed:               59.52 (mins)
   DB Time:              118.07 (mins)

Load Profile                    Per Second   Per Transaction  Per Exec  Per Call
~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------
             DB Time(s):               2.0               0.1      0.01      0.02
      Redo size (bytes):          58,114.2           2,903.5

End of Report
`;

/**
 * AWR Compare Periods (awrddrpt) text, 19c layout as published in a real report: snapshot
 * set blocks, side-by-side load profile, and side-by-side top timed events with the '-'
 * marker. Figures: S2 write-through (1st) against write-back (2nd).
 */
export const COMPARE_19C = `WORKLOAD REPOSITORY COMPARE PERIOD REPORT

Snapshot Set    DB Id    Unique Name DB Role          Edition Release     Cluster CDB Host          Std Block Size
------------ ----------- ----------- ---------------- ------- ----------- ------- --- ------------ ---------------
First (1st)   2318120457 BENCH       PRIMARY          EE      19.0.0.0.0  NO      NO  benchdb01    8192
Second (2nd)  2318120457 BENCH       PRIMARY          EE      19.0.0.0.0  NO      NO  benchdb01    8192

Snapshot Set  Begin Snap Id Begin Snap Time            End Snap Id End Snap Time                  Avg Active Users           Elapsed Time (min)            DB time (min)
------------ -------------- ------------------------- ------------ ------------------------- -------------------------- -------------------------- --------------------------
1st                     212 14-Mar-14 10:05:12 (Fri)           213 14-Mar-14 10:10:15 (Fri)                        63.9                       5.05                     322.45
2nd                     240 14-Mar-14 11:20:03 (Fri)           241 14-Mar-14 11:25:05 (Fri)                         8.0                       5.03                      40.02
                                                                                      ~~~~~~~ ~~~~~~~~~~~~~~~~~~~~~~~~~~ ~~~~~~~~~~~~~~~~~~~~~~~~~~ ~~~~~~~~~~~~~~~~~~~~~~~~~~
                                                                                      %Diff:                      -87.5%                      -0.4%                     -87.6%

Load Profile                         1st per sec          2nd per sec      %Diff              1st per txn          2nd per txn      %Diff
~~~~~~~~~~~~                     ---------------      ---------------     ------          ---------------      ---------------     ------
                        DB time:                 63.9                  8.0      -87.5                      0.3                  0.0     -100.0
                       CPU time:                  8.5                  2.9      -65.9                      0.0                  0.0        0.0
              Redo size (bytes):          8,912,345.2          9,001,877.0        1.0                  8,120.4              8,164.9        0.5
         Physical read (blocks):             41,220.7             40,907.1       -0.8                     37.6                 37.1       -1.3
                   Transactions:              1,097.5              1,102.6        0.5

Top Timed Events   First DB/Inst: BENCH/BENCH Snaps: 212-213 (Elapsed time: 303.0 sec  DB time: 19347.0 sec),  Second DB/Inst: BENCH/BENCH Snaps: 240-241 (Elapsed time: 301.8 sec  DB time: 2401.2 sec)
-> Events with a "-" did not make the Top list in this set of snapshots, but are displayed for comparison purposes

                                              1st                                                                                               2nd
-----------------------------------------------------------------------------------------------   -----------------------------------------------------------------------------------------------
Event                          Wait Class           Waits      Time(s)     Avg Time    %DB time   Event                          Wait Class           Waits      Time(s)     Avg Time    %DB time
------------------------------ ------------- ------------ ------------ ------------ -----------   ------------------------------ ------------- ------------ ------------ ------------ -----------
 free buffer waits             Configuration    1,039,389     12,182.4      11.72ms        63.0    cell single block physical re User I/O         5,921,681      1,635.0     276.10us        68.1
 cell single block physical re User I/O         9,244,945      4,251.9     459.92us        22.0    CPU time                                             N/A        877.0                     36.5
 CPU time                                             N/A      2,561.1                     13.3    cell list of blocks physical  User I/O           190,164        148.0     778.27us         6.2
-log file switch completion    Configuration            3          0.1      31.40ms         0.0    log file switch completion    Configuration           16          0.4      22.05ms         0.0
                          --------------------------------------------------------------------------------------------------------------------

End of Report
`;

/** AWR SQL report (awrsqrpt), 11.2.0.4 text layout; S2's UPDATE statement (1,996.3 s, 88,329 executions). */
export const SQL_REPORT_11204 = `
WORKLOAD REPOSITORY SQL Report

Snapshot Period Summary

DB Name         DB Id    Instance     Inst Num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
SLOB          3829617521 SLOB1               1 14-Mar-14 09:12 11.2.0.4.0  YES

              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:       212 14-Mar-14 10:05:12       398       1.3
  End Snap:       213 14-Mar-14 10:10:15       398       1.3
   Elapsed:                5.05 (mins)
   DB Time:              322.45 (mins)

SQL Summary                         DB/Inst: SLOB/SLOB1  Snaps: 212-213

                Elapsed
   SQL Id      Time (ms)
------------- ----------
2jgd2n8ktbw7t  1,996,312
Module: SQL*Plus
UPDATE CF1 SET C2='A' WHERE CUSTID > (:B1-:B2) AND CUSTID < :B1

          -------------------------------------------------------------

SQL ID: 2jgd2n8ktbw7t               DB/Inst: SLOB/SLOB1  Snaps: 212-213
-> 1st Capture and Last Capture Snap IDs
   refer to Snapshot IDs witin the snapshot range
-> UPDATE CF1 SET C2='A' WHERE CUSTID > (:B1-:B2) AND CUSTID < :B1

    Plan Hash           Total Elapsed                 1st Capture   Last Capture
#   Value                    Time(ms)    Executions       Snap ID        Snap ID
--- ---------------- ---------------- ------------- ------------- --------------
1   3356497183              1,996,312        88,329           213            213
          -------------------------------------------------------------


Plan 1(PHV: 3356497183)
-----------------------

Plan Statistics 
DB/Inst: SLOB/SLOB1  Snaps: 212-213
-> % Total DB Time is the Elapsed Time of the SQL statement divided
   into the Total Database Time multiplied by 100

Stat Name                                Statement   Per Execution % Snap
---------------------------------------- ---------- -------------- -------
Elapsed Time (ms)                         1,996,312           22.6    83.1
CPU Time (ms)                               638,820            7.2    32.0
Executions                                   88,329            N/A     N/A
Buffer Gets                              21,198,960          240.0    41.2
Disk Reads                                7,066,320           80.0    74.3
Rows                                      8,832,900          100.0     N/A
User I/O Wait Time (ms)                   1,553,131            N/A     N/A
          -------------------------------------------------------------

End of Report
`;

/**
 * 10g text: host named in the database block (no host block), "Top 5 Timed Events" with a
 * "CPU time" row and "%Total Call Time" (the rows are FORMATS.md 3.3's 10g example), the
 * 10g load profile headings under the '~' line, and the all-sessions "Wait Events" list.
 */
export const TEN_G = `WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst num Release     RAC Host
------------ ----------- ------------ -------- ----------- --- ------------
ORCL          1234567890 orcl                1 10.2.0.4.0  NO  dbhost10g

              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:      1000 05-Mar-08 10:00:25        35       6.5
  End Snap:      1001 05-Mar-08 11:00:31        36       6.6
   Elapsed:               60.10 (mins)
   DB Time:               25.21 (mins)

Load Profile
~~~~~~~~~~~~                            Per Second       Per Transaction
                                   ---------------       ---------------
                  Redo size:             12,345.67              1,234.56
              Logical reads:             98,765.43              9,876.54

Top 5 Timed Events                                         Avg %Total
~~~~~~~~~~~~~~~~~~                                        wait   Call
Event                                 Waits    Time (s)   (ms)   Time Wait Class
------------------------------ ------------ ----------- ------ ------ ----------
CPU time                                          1,405          92.9
latch: shared pool               1,050,870      262,298     250   30.9 Concurrenc
          -------------------------------------------------------------
Wait Events  DB/Inst: ORCL/orcl  Snaps: 1000-1001
-> s  - second
-> cs - centisecond -     100th of a second

                                                                   Avg
                                             %Time  Total Wait    wait     Waits
Event                                 Waits  -outs    Time (s)    (ms)      /txn
---------------------------- -------------- ------ ----------- ------- ---------
latch: shared pool                1,050,870     .0     262,298     250     105.1
          -------------------------------------------------------------

End of Report
`;
